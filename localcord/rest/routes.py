"""The routes the stand-in serves: each (method, path template) with Discord's operation id, spelt as
Discord's OpenAPI description spells them; a handler of that name serves it."""

from __future__ import annotations

API_PREFIX = "/api/v10"
CREATED = {"create_guild_channel", "create_thread", "create_thread_from_message"}
NO_AUTH = {"create_interaction_response", "execute_webhook"}  # and every /webhooks/{id}/{token}/... route

# (method, template, operation id): what the stand-in implements, in the description's own spelling.
_APP, _GAPP = "/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"
_HOOK = "/webhooks/{webhook_id}/{webhook_token}"
ROUTES: list[tuple[str, str, str]] = [
    ("GET", "/users/@me", "get_my_user"),
    ("GET", "/users/{user_id}", "get_user"),
    ("POST", "/users/@me/channels", "create_dm"),
    ("GET", "/oauth2/applications/@me", "get_my_oauth2_application"),
    ("GET", "/gateway", "get_gateway"),
    ("GET", "/gateway/bot", "get_bot_gateway"),
    ("GET", f"{_APP}/commands", "list_application_commands"),
    ("PUT", f"{_APP}/commands", "bulk_set_application_commands"),
    ("POST", f"{_APP}/commands", "create_application_command"),
    ("GET", f"{_APP}/commands/{{command_id}}", "get_application_command"),
    ("PATCH", f"{_APP}/commands/{{command_id}}", "update_application_command"),
    ("DELETE", f"{_APP}/commands/{{command_id}}", "delete_application_command"),
    ("GET", f"{_GAPP}/commands", "list_guild_application_commands"),
    ("PUT", f"{_GAPP}/commands", "bulk_set_guild_application_commands"),
    ("POST", f"{_GAPP}/commands", "create_guild_application_command"),
    ("GET", f"{_GAPP}/commands/{{command_id}}", "get_guild_application_command"),
    ("PATCH", f"{_GAPP}/commands/{{command_id}}", "update_guild_application_command"),
    ("DELETE", f"{_GAPP}/commands/{{command_id}}", "delete_guild_application_command"),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", "create_interaction_response"),
    ("POST", _HOOK, "execute_webhook"),
    ("GET", f"{_HOOK}/messages/@original", "get_original_webhook_message"),
    ("PATCH", f"{_HOOK}/messages/@original", "update_original_webhook_message"),
    ("DELETE", f"{_HOOK}/messages/@original", "delete_original_webhook_message"),
    ("GET", f"{_HOOK}/messages/{{message_id}}", "get_webhook_message"),
    ("PATCH", f"{_HOOK}/messages/{{message_id}}", "update_webhook_message"),
    ("DELETE", f"{_HOOK}/messages/{{message_id}}", "delete_webhook_message"),
    ("GET", "/guilds/{guild_id}", "get_guild"),
    ("GET", "/guilds/{guild_id}/channels", "list_guild_channels"),
    ("POST", "/guilds/{guild_id}/channels", "create_guild_channel"),
    ("GET", "/guilds/{guild_id}/members", "list_guild_members"),
    ("GET", "/guilds/{guild_id}/members/{user_id}", "get_guild_member"),
    ("GET", "/guilds/{guild_id}/roles", "list_guild_roles"),
    ("GET", "/channels/{channel_id}", "get_channel"),
    ("PATCH", "/channels/{channel_id}", "update_channel"),
    ("DELETE", "/channels/{channel_id}", "delete_channel"),
    ("PUT", "/channels/{channel_id}/permissions/{overwrite_id}", "set_channel_permission_overwrite"),
    ("DELETE", "/channels/{channel_id}/permissions/{overwrite_id}", "delete_channel_permission_overwrite"),
    ("GET", "/channels/{channel_id}/messages", "list_messages"),
    ("POST", "/channels/{channel_id}/messages", "create_message"),
    ("GET", "/channels/{channel_id}/messages/{message_id}", "get_message"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", "update_message"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_message"),
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", "add_my_message_reaction"),
    ("POST", "/channels/{channel_id}/typing", "trigger_typing_indicator"),
    ("POST", "/channels/{channel_id}/threads", "create_thread"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads", "create_thread_from_message"),
    ("PUT", "/channels/{channel_id}/thread-members/@me", "join_thread"),
    ("DELETE", "/channels/{channel_id}/thread-members/@me", "leave_thread"),
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}", "add_thread_member"),
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "delete_thread_member"),
]

