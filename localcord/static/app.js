/* Parlour Local: a Discord-like page over localcord's /web API.
 *
 * Sections, in order:
 *   1. helpers (DOM, escaping, the API, toasts, time formats)
 *   2. markdown (Discord's flavour, rendered to HTML after escaping)
 *   3. state and live connection (boot, WebSocket with backoff, sync, frames)
 *   4. sidebar, top bar, member switcher
 *   5. message list (grouping, in-place updates, scroll keeping)
 *   6. message parts (embeds, attachments, components) and their actions
 *   7. composer (plain messages and the slash-command box with its options panel)
 *   8. wiring (event listeners) and start
 *
 * Rendering is done with HTML strings (every piece of text through esc()) and event delegation,
 * so a message can be re-rendered in place whenever the server pushes a new version of it.
 */
'use strict';

// ---------------------------------------------------------------------------------------------
// 1. Helpers
// ---------------------------------------------------------------------------------------------
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c]);
const cssq = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, '\\$&'));

/** Parses one HTML string into a single element. */
function nodeFrom(html) {
  const t = document.createElement('template');
  t.innerHTML = html.trim();
  return t.content.firstElementChild;
}

class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

/** Calls the page API; resolves to its JSON, or throws ApiError with the server's plain words. */
async function api(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      cache: 'no-store',
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError('Parlour Local cannot be reached. Is it still running?', 0);
  }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) throw new ApiError((data && data.error) || `The request failed (${res.status}).`, res.status);
  return data || {};
}
const post = (path, body) => api('POST', path, { as: S.as, ...body });
const withAs = (path) => `${path}?as=${encodeURIComponent(S.as)}`;

function toast(text, kind = 'error') {
  const t = document.createElement('div');
  t.className = `toast ${kind}`;
  t.textContent = text;
  t.addEventListener('click', () => t.remove());
  $('#toasts').append(t);
  setTimeout(() => { t.classList.add('out'); setTimeout(() => t.remove(), 300); }, 5000);
}

// Time formats in the reader's own locale and zone (Discord's <t:…> styles and message stamps).
const DTF = (o) => new Intl.DateTimeFormat(undefined, o);
const FMT = {
  t: DTF({ hour: 'numeric', minute: '2-digit' }),
  T: DTF({ hour: 'numeric', minute: '2-digit', second: '2-digit' }),
  d: DTF({ day: '2-digit', month: '2-digit', year: 'numeric' }),
  D: DTF({ day: 'numeric', month: 'long', year: 'numeric' }),
  f: DTF({ day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
  F: DTF({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
};
const RTF = new Intl.RelativeTimeFormat(undefined, { numeric: 'always' });

function relative(unix) {
  const secs = unix - Date.now() / 1000;
  const a = Math.abs(secs);
  const units = [[60, 'second', 1], [3600, 'minute', 60], [86400, 'hour', 3600],
    [86400 * 30, 'day', 86400], [86400 * 365, 'month', 86400 * 30], [Infinity, 'year', 86400 * 365]];
  const [, unit, size] = units.find(([limit]) => a < limit);
  return RTF.format(Math.round(secs / size) || 0, unit);
}
const formatTs = (unix, style) => (style === 'R' ? relative(unix) : (FMT[style] || FMT.f).format(new Date(unix * 1000)));

const sameDay = (a, b) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
/** "Today at 4:20 PM", "Yesterday at …", or a date and time, as Discord labels messages. */
function stampLabel(date) {
  const now = new Date();
  const yesterday = new Date(now); yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, now)) return `Today at ${FMT.t.format(date)}`;
  if (sameDay(date, yesterday)) return `Yesterday at ${FMT.t.format(date)}`;
  return `${FMT.d.format(date)} ${FMT.t.format(date)}`;
}

/** Snowflake ids are decimal strings: compare by length, then text. */
const cmpId = (a, b) => (a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0);

// Avatars: a coloured circle with an initial (drawn by CSS from data-initial, so it is not text
// that a text search would find); the bot gets a spade.
const AVATAR_COLOURS = ['#5865f2', '#3ba55c', '#faa61a', '#ed4245', '#eb459f', '#757e8a', '#1abc9c', '#e67e22'];
function avatarHtml(user, extra = '') {
  const id = String(user.id || '');
  const isBot = user.bot || (S.state && id === S.state.bot.id);
  let sum = 0;
  for (const ch of id) sum = (sum * 31 + ch.charCodeAt(0)) % 9973;
  const colour = isBot ? '#5865f2' : AVATAR_COLOURS[sum % AVATAR_COLOURS.length];
  const initial = isBot ? '♠' : (Array.from((user.name || '?').trim())[0] || '?').toUpperCase();
  return `<span class="avatar ${extra}" style="--av:${colour}" data-initial="${esc(initial)}" aria-hidden="true"></span>`;
}
function setAvatar(el, user) {
  const tmp = nodeFrom(avatarHtml(user));
  el.style.cssText = tmp.style.cssText;
  el.dataset.initial = tmp.dataset.initial;
}

const ICON = {
  hash: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M10.9 3.6a1 1 0 0 0-2-.3L8.3 7H5a1 1 0 0 0 0 2h3l-.9 6H4a1 1 0 1 0 0 2h2.8l-.6 3.4a1 1 0 1 0 2 .3L8.8 17h6l-.6 3.4a1 1 0 1 0 2 .3l.6-3.7H20a1 1 0 1 0 0-2h-3l.9-6H21a1 1 0 1 0 0-2h-2.8l.6-3.4a1 1 0 1 0-2-.3L16.3 7h-6zM10 9h6l-.9 6h-6z"/></svg>',
  thread: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 3C6.5 3 2 6.6 2 11c0 2.2 1.1 4.2 2.9 5.6L4 21l4.4-2.3c1.1.3 2.3.4 3.6.4 5.5 0 10-3.6 10-8S17.5 3 12 3zm-5 9a1.3 1.3 0 1 1 0-2.6A1.3 1.3 0 0 1 7 12zm5 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm5 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6z"/></svg>',
  lock: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M17 9V7A5 5 0 0 0 7 7v2a3 3 0 0 0-3 3v7a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-7a3 3 0 0 0-3-3zM9 7a3 3 0 0 1 6 0v2H9zm4 9.7V18a1 1 0 1 1-2 0v-1.3a2 2 0 1 1 2 0z"/></svg>',
  at: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 2a10 10 0 1 0 4.5 18.9 1 1 0 1 0-.9-1.8A8 8 0 1 1 20 12v1a2 2 0 0 1-4 0V7.9a1 1 0 0 0-2 .1 5 5 0 1 0 .9 7.1A4 4 0 0 0 22 13v-1A10 10 0 0 0 12 2zm0 13a3 3 0 1 1 0-6 3 3 0 0 1 0 6z"/></svg>',
  chevron: '<svg class="chev" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M5.3 9.3a1 1 0 0 1 1.4 0L12 14.6l5.3-5.3a1 1 0 1 1 1.4 1.4l-6 6a1 1 0 0 1-1.4 0l-6-6a1 1 0 0 1 0-1.4z"/></svg>',
  external: '<svg class="ext" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M15 2a1 1 0 1 0 0 2h3.6l-8.3 8.3a1 1 0 1 0 1.4 1.4L20 5.4V9a1 1 0 1 0 2 0V3a1 1 0 0 0-1-1zM5 4a3 3 0 0 0-3 3v12a3 3 0 0 0 3 3h12a3 3 0 0 0 3-3v-5a1 1 0 1 0-2 0v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5a1 1 0 1 0 0-2z"/></svg>',
  eye: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 5C6.6 5 2.7 9.2 1.5 11.4a1.2 1.2 0 0 0 0 1.2C2.7 14.8 6.6 19 12 19s9.3-4.2 10.5-6.4a1.2 1.2 0 0 0 0-1.2C21.3 9.2 17.4 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"/></svg>',
  warn: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z"/></svg>',
  file: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M6 2a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8l-6-6zm7 1.5L18.5 9H13z"/></svg>',
  slash: '<svg class="ic" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M15.6 2.3a1 1 0 0 1 .6 1.3l-6.5 18a1 1 0 1 1-1.9-.7l6.5-18a1 1 0 0 1 1.3-.6z"/></svg>',
};

// ---------------------------------------------------------------------------------------------
// 2. Markdown, as Discord renders it (the subset bots use). Raw text → HTML; text is escaped.
// ---------------------------------------------------------------------------------------------
function userName(id) {
  const m = S.state && S.state.members.find((u) => u.id === id);
  return m ? m.name : 'unknown-user';
}
function findChannel(id) {
  if (!S.state) return null;
  return S.state.channels.find((c) => c.id === id) || S.state.dms.find((c) => c.id === id) || null;
}
function tsHtml(unix, style) {
  const d = new Date(unix * 1000);
  return `<time class="ts" data-t="${unix}" data-f="${style}" title="${esc(FMT.F.format(d))}">${esc(formatTs(unix, style))}</time>`;
}
const linkHtml = (url, inner) => `<a href="${esc(url)}" target="_blank" rel="noopener noreferrer">${inner}</a>`;

/** Inline markdown. `keep` collects finished HTML pieces behind placeholders (\u0001n\u0002) so later
 *  steps cannot touch them; the outermost call puts them back. */
function inline(src, keep) {
  const outer = !keep;
  keep = keep || [];
  const K = (html) => `\u0001${keep.push(html) - 1}\u0002`;
  let s = outer ? String(src).replace(/[\u0001\u0002]/g, '') : String(src); // the placeholder marks are ours
  s = s.replace(/\\([\\`*_~|<>#[\]()\-:@])/g, (_, c) => K(esc(c)));
  s = s.replace(/``([\s\S]+?)``|`([^`]+?)`/g, (_, a, b) => K(`<code class="md-code">${esc(a ?? b)}</code>`));
  s = s.replace(/<(https?:\/\/[^\s>]+)>/g, (_, u) => K(linkHtml(u, esc(u))));
  s = s.replace(/\[([^\]\n]+)\]\(\s*<?(https?:\/\/[^\s)>]+)>?\s*\)/g, (_, t, u) => K(linkHtml(u, inline(t, keep))));
  s = s.replace(/https?:\/\/[^\s<\u0001\u0002]*[^\s<\u0001\u0002.,:;"'!?)\]*_~|]/g, (u) => K(linkHtml(u, esc(u))));
  s = s.replace(/<@!?(\d+)>/g, (_, id) => K(`<span class="mention${id === S.as ? ' me' : ''}" data-user-id="${id}">@${esc(userName(id))}</span>`));
  s = s.replace(/<@&(\d+)>/g, () => K('<span class="mention">@role</span>'));
  s = s.replace(/<#(\d+)>/g, (_, id) => {
    const c = findChannel(id);
    return K(`<span class="mention channel" data-channel="${id}">#${esc(c ? c.name : 'unknown')}</span>`);
  });
  s = s.replace(/<\/([\w -]{1,100}):(\d+)>/g, (_, name) => K(`<span class="mention command" data-command="${esc(name)}">/${esc(name)}</span>`));
  s = s.replace(/<t:(-?\d{1,13})(?::([tTdDfFR]))?>/g, (_, t, f) => K(tsHtml(Number(t), f || 'f')));
  s = s.replace(/<a?:(\w{1,32}):(\d+)>/g, (_, n) => K(`<span class="emoji-custom">:${esc(n)}:</span>`));
  s = s.replace(/@(everyone|here)\b/g, (_, w) => K(`<span class="mention">@${w}</span>`));
  s = esc(s);
  s = s.replace(/\|\|([\s\S]+?)\|\|/g, '<span class="spoiler" tabindex="0" role="button" aria-label="Spoiler">$1</span>');
  s = s.replace(/\*\*([\s\S]+?)\*\*(?!\*)/g, '<strong>$1</strong>');
  s = s.replace(/__([\s\S]+?)__(?!_)/g, '<u>$1</u>');
  s = s.replace(/~~([\s\S]+?)~~/g, '<s>$1</s>');
  s = s.replace(/\*(?![\s*])([\s\S]*?[^\s*])\*(?!\*)/g, '<em>$1</em>');
  s = s.replace(/(^|[^\w\\])_(?![\s_])([\s\S]*?[^\s_])_(?!\w)/g, '$1<em>$2</em>');
  if (outer) {
    // Pieces may hold placeholders of their own (a link's formatted text): restore until none are left.
    for (let i = 0; i < 8 && s.includes('\u0001'); i++) s = s.replace(/\u0001(\d+)\u0002/g, (_, n) => keep[n]);
  }
  return s;
}

const LIST_LINE = /^(\s*)([-*]|\d{1,9}\.) +(.*)$/;

/** Block markdown for text without code fences: headings, subtext, quotes, lists, paragraphs. */
function blocks(text, inQuote = false, tail = '') {
  if (!text) return tail;
  const lines = text.split('\n');
  let html = '';
  let para = [];
  const flush = (end = '') => {
    if (para.length) html += `<div class="md-p">${inline(para.join('\n')).replace(/\n/g, '<br>')}${end}</div>`;
    else html += end;
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let m;
    if (!inQuote && line.startsWith('>>> ')) {
      flush();
      html += `<blockquote>${blocks([line.slice(4), ...lines.slice(i + 1)].join('\n'), true, tail)}</blockquote>`;
      return html;
    }
    if (!inQuote && /^>( |$)/.test(line)) {
      flush();
      const quoted = [];
      while (i < lines.length && /^>( |$)/.test(lines[i])) quoted.push(lines[i++].replace(/^> ?/, ''));
      i--;
      html += `<blockquote>${blocks(quoted.join('\n'), true)}</blockquote>`;
    } else if ((m = /^(#{1,3}) +(\S.*)$/.exec(line))) {
      flush();
      html += `<h${m[1].length + 2} class="md-h md-h${m[1].length}">${inline(m[2])}</h${m[1].length + 2}>`;
    } else if ((m = /^-# +(\S.*)$/.exec(line))) {
      flush();
      html += `<div class="md-sub">${inline(m[1])}</div>`;
    } else if (LIST_LINE.test(line)) {
      flush();
      const items = [];
      while (i < lines.length && (m = LIST_LINE.exec(lines[i]))) {
        items.push({ indent: m[1].replace(/\t/g, '  ').length, ordered: m[2] !== '-' && m[2] !== '*',
          start: parseInt(m[2], 10) || 1, text: m[3] });
        i++;
      }
      i--;
      html += listHtml(items);
    } else {
      para.push(line);
    }
  }
  // `tail` ("(edited)") ends the last line when that is a paragraph, else it follows the last block.
  flush(tail);
  return html;
}

function listHtml(items) {
  let html = '';
  const stack = [];
  for (const it of items) {
    while (stack.length && it.indent < stack[stack.length - 1].indent) html += `</li></${stack.pop().tag}>`;
    const tag = it.ordered ? 'ol' : 'ul';
    // A list of the other kind at the same depth closes this one ("- a" then "1. b").
    if (stack.length && it.indent === stack[stack.length - 1].indent && stack[stack.length - 1].tag !== tag) {
      html += `</li></${stack.pop().tag}>`;
    }
    const top = stack[stack.length - 1];
    if (!top || it.indent > top.indent) {
      html += `<${tag} class="md-list"${it.ordered && it.start !== 1 ? ` start="${it.start}"` : ''}>`;
      stack.push({ indent: it.indent, tag });
    } else {
      html += '</li>';
    }
    html += `<li>${inline(it.text)}`;
  }
  while (stack.length) html += `</li></${stack.pop().tag}>`;
  return html;
}

/** Full message markdown: code fences first (their text is shown as is), the rest as blocks. */
function md(text, tail = '') {
  if (!text) return tail;
  const re = /```(?:([\w+.#-]*)\n)?([\s\S]*?)```/g;
  let out = '';
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    out += blocks(text.slice(last, m.index).replace(/\n$/, ''));
    out += `<pre class="codeblock"><code>${esc(m[2].replace(/^\n/, '').replace(/\n$/, ''))}</code></pre>`;
    last = re.lastIndex;
    if (text[last] === '\n') last++;
  }
  return out + blocks(text.slice(last), false, tail);
}

// ---------------------------------------------------------------------------------------------
// 3. State and the live connection
// ---------------------------------------------------------------------------------------------
const S = {
  as: null,             // acting member id
  followUntil: 0,       // performance.now() until which the list keeps to the bottom (an answer settling)
  state: null,          // last GET /web/state or pushed state
  stateSeq: 0,          // pushed states seen: a GET answered after a push is older than it
  channelId: null,      // the open channel
  msgs: new Map(),      // id → message, for the open channel
  order: [],            // ids of the open channel, oldest first
  loadingChannel: null, // channel whose messages are being fetched: its frames wait in pending
  pending: [],
  openGen: 0,
  seen: new Set(),      // message ids already seen (tells a new message from an edit)
  unread: new Map(),    // channel id → { count } (count: mentions of me, or DMs)
  failures: new Map(),  // message id → { text, until }: "interaction failed" lines
  collapsed: new Set(JSON.parse(localStorage.getItem('parlour.collapsed') || '[]')),
  stick: true,          // the list is scrolled to the bottom and should stay there
  ws: null, wsGen: 0, wsAs: null, backoff: 500, retryTimer: 0, fallbackTimer: 0, syncGen: 0,
  wantDm: false,        // after switching member from a DM: open the new member's DM
};

const isThread = (c) => c.type === 11 || c.type === 12 || c.type === 10;
const isDm = (id) => !!(S.state && S.state.dms.some((d) => d.id === id));
const visible = (id) => !!(id && findChannel(id) && findChannel(id).type !== 4);

function hashChannel() {
  const m = /channel=(\d+)/.exec(location.hash);
  return m ? m[1] : null;
}

/** Keeps ?as= and #channel= in the address so a reload (or a copied link) stays put. */
function writeUrl() {
  const u = new URL(location.href);
  if (S.as) u.searchParams.set('as', S.as);
  u.hash = S.channelId ? `channel=${S.channelId}` : '';
  if (u.href !== location.href) history.replaceState(null, '', u);
}

async function boot() {
  wire();
  S.as = new URL(location.href).searchParams.get('as') || null;
  S.channelId = hashChannel();
  if (!S.as) {
    // No seat chosen: the server picks the default player; learn who that is before connecting.
    try { await loadState(); } catch (e) { if (e.status) toast(e.message); }
  }
  connect(); // syncs again once open, so nothing that happens before then is missed
  sync(); // show the page without waiting for the socket
  setInterval(tick, 1000);
}

function connect() {
  const gen = ++S.wsGen;
  clearTimeout(S.retryTimer);
  clearTimeout(S.fallbackTimer);
  if (S.ws) { S.ws.onclose = S.ws.onmessage = S.ws.onopen = null; try { S.ws.close(); } catch { /* closed */ } }
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  let ws;
  try {
    ws = new WebSocket(`${proto}://${location.host}/web/live${S.as ? `?as=${encodeURIComponent(S.as)}` : ''}`);
  } catch {
    retry(gen);
    return;
  }
  S.ws = ws;
  S.wsAs = S.as;
  // If the socket is slow to open, show what we can anyway (and say we are reconnecting).
  S.fallbackTimer = setTimeout(() => {
    if (gen === S.wsGen && ws.readyState !== WebSocket.OPEN) { showConn(true); sync(); }
  }, 1500);
  ws.onopen = () => {
    if (gen !== S.wsGen) return;
    clearTimeout(S.fallbackTimer);
    S.backoff = 500;
    showConn(false);
    sync();
  };
  ws.onmessage = (ev) => {
    if (gen !== S.wsGen) return;
    let frame;
    try { frame = JSON.parse(ev.data); } catch { return; }
    handleFrame(frame);
  };
  ws.onclose = () => {
    if (gen !== S.wsGen) return;
    showConn(true);
    retry(gen);
  };
}

function retry(gen) {
  const delay = S.backoff * (0.8 + Math.random() * 0.4);
  S.backoff = Math.min(S.backoff * 2, 10000);
  S.retryTimer = setTimeout(() => { if (gen === S.wsGen) connect(); }, delay);
}

function showConn(down) { $('#conn-bar').hidden = !down; }

/** (Re)loads everything the page shows: state, then the open channel's messages. */
async function sync() {
  const gen = ++S.syncGen;
  try {
    await loadState();
    if (gen !== S.syncGen) return;
    let want = S.channelId;
    if (S.wantDm) { want = S.state.dms[0] && S.state.dms[0].id; S.wantDm = false; }
    if (!visible(want)) want = visible(hashChannel()) ? hashChannel() : firstChannel();
    await openChannel(want);
  } catch (e) {
    if (e.status) toast(e.message);
  }
}

async function loadState() {
  const seq = S.stateSeq;
  let st;
  try {
    st = await api('GET', S.as ? withAs('/web/state') : '/web/state');
  } catch (e) {
    if (!S.as || (e.status !== 404 && e.status !== 400)) throw e;
    // That member is not there (a fresh world after a restart?): fall back to the default player.
    toast(`${e.message} Showing the default player instead.`);
    S.msgs.clear(); S.order = [];
    st = await api('GET', '/web/state');
  }
  if (seq !== S.stateSeq && S.state && S.state.me.id === st.me.id) return; // a pushed state is newer
  applyState(st);
}

function applyState(st) {
  S.state = st;
  S.as = st.me.id;
  // The address names the member whose page is shown, so it changes once their state is here.
  writeUrl();
  renderSidebar();
  renderSeat();
  renderTopbar();
  renderWarning();
  commandsChanged();
  // The socket must speak for the member we show (the fallback above may have changed it).
  if (S.wsAs !== null && S.wsAs !== S.as) connect();
}

function handleFrame(f) {
  if (f.type === 'state' && f.state) {
    S.stateSeq++;
    applyState(f.state);
    if (S.channelId && !visible(S.channelId) && S.loadingChannel === null) {
      openChannel(firstChannel()); // e.g. a table channel deleted after its game
    } else if (S.order.length && namesKey() !== S.namesKey) {
      rerenderAll(); // a rename: names in headers and mentions change
    }
    return;
  }
  const channelId = f.type === 'message' ? f.message && f.message.channel_id : f.channel_id;
  if (!channelId) return;
  if (channelId === S.loadingChannel) { S.pending.push(f); return; }
  if (f.type === 'message') {
    const m = f.message;
    const isNew = !S.seen.has(m.id);
    S.seen.add(m.id);
    if (channelId === S.channelId) {
      upsert(m);
      if (isNew && m.interaction && m.interaction.user.id === S.as) {
        // An answer to the reader's own command or click (their hand, a hint): shown, as Discord
        // does, rather than left below a "new messages" bar while they read further up.
        follow();
      } else if (isNew && !S.stick && m.author.id !== S.as) $('#jump').hidden = false;
    } else if (isNew && !m.edited && m.author.id !== S.as) {
      markUnread(channelId, m);
    }
  } else if (f.type === 'delete' && channelId === S.channelId) {
    removeMessage(f.id);
  }
}

function markUnread(channelId, m) {
  const u = S.unread.get(channelId) || { count: 0 };
  const content = m.content || '';
  if (isDm(channelId) || content.includes(`<@${S.as}>`) || content.includes(`<@!${S.as}>`)) u.count++;
  S.unread.set(channelId, u);
  renderSidebar();
}

/** Switches the acting member without reloading the page. */
function switchMember(id) {
  if (!id || id === S.as) return;
  S.as = id;
  if (isDm(S.channelId)) S.wantDm = true; // the DM is per member: show the new member's
  S.unread.clear(); S.seen.clear(); S.failures.clear(); S.msgs.clear(); S.order = [];
  $('#messages-inner').innerHTML = '';
  exitCommand();
  closeSeatMenu();
  connect(); // and again when it opens
  sync();
}

async function rename() {
  if (!S.state) return;
  closeSeatMenu();
  const name = prompt(`New name for ${S.state.me.name}:`, S.state.me.name);
  if (name === null || !name.trim() || name.trim() === S.state.me.name) return;
  try {
    await post('/web/rename', { user_id: S.as, name: name.trim() });
    if (!S.ws || S.ws.readyState !== WebSocket.OPEN) await loadState(); // no socket: no state frame
  } catch (e) { toast(e.message); }
}

// ---------------------------------------------------------------------------------------------
// 4. Sidebar, top bar, member switcher
// ---------------------------------------------------------------------------------------------
const byPosition = (a, b) => (a.position ?? 0) - (b.position ?? 0) || cmpId(a.id, b.id);

/** The guild's channels in sidebar order: [{category|null, channels: [[text, threads]]}]. */
function channelTree() {
  const all = S.state ? S.state.channels : [];
  const categories = all.filter((c) => c.type === 4).sort(byPosition);
  const catIds = new Set(categories.map((c) => c.id));
  const texts = all.filter((c) => c.type !== 4 && !isThread(c));
  const textIds = new Set(texts.map((c) => c.id));
  const threadsOf = (id) => all.filter((c) => isThread(c) && c.parent_id === id).sort(byPosition);
  const section = (list) => list.sort(byPosition).map((c) => [c, threadsOf(c.id)]);
  const tree = [{ category: null, channels: section(texts.filter((c) => !c.parent_id || !catIds.has(c.parent_id))) }];
  for (const cat of categories) tree.push({ category: cat, channels: section(texts.filter((c) => c.parent_id === cat.id)) });
  // Threads whose parent this member cannot see still get a place.
  const orphans = all.filter((c) => isThread(c) && !textIds.has(c.parent_id)).sort(byPosition);
  tree[0].channels.push(...orphans.map((t) => [t, []]));
  return tree;
}

function firstChannel() {
  for (const { channels } of channelTree()) {
    const text = channels.find(([c]) => c.type === 0);
    if (text) return text[0].id;
  }
  for (const { channels } of channelTree()) if (channels.length) return channels[0][0].id;
  return S.state && S.state.dms[0] ? S.state.dms[0].id : null;
}

function channelIcon(c) {
  if (!c) return '';
  if (c.type === 1) return ICON.at;
  if (c.type === 12) return ICON.lock;
  if (isThread(c)) return ICON.thread;
  return ICON.hash;
}

function channelRow(c, extra = '') {
  const u = S.unread.get(c.id);
  const cls = ['ch-row', extra, c.id === S.channelId && 'selected', u && 'unread',
    isThread(c) && 'thread', (c.archived || c.locked) && 'dim'].filter(Boolean).join(' ');
  const title = `${c.name}${c.archived ? ' (archived)' : ''}${c.locked ? ' (locked)' : ''}`;
  const icon = c.type === 1 ? avatarHtml({ id: S.state.bot.id, name: S.state.bot.name, bot: true }, 'small') : channelIcon(c);
  const name = c.type === 1 ? (S.state.bot.name || c.name) : c.name;
  return `<div class="${cls}"><a class="ch" href="?as=${esc(S.as)}#channel=${esc(c.id)}" data-channel-id="${esc(c.id)}" title="${esc(title)}">${icon}<span class="ch-name">${esc(name)}</span></a>${
    u && u.count ? `<span class="badge">${u.count > 99 ? '99+' : u.count}</span>` : ''}</div>`;
}

function renderSidebar() {
  if (!S.state) return;
  let html = '';
  for (const { category, channels } of channelTree()) {
    const collapsed = category && S.collapsed.has(category.id);
    if (category) {
      html += `<button type="button" class="cat${collapsed ? ' collapsed' : ''}" data-category="${esc(category.id)}" aria-expanded="${!collapsed}">${ICON.chevron}<span>${esc(category.name)}</span></button>`;
    }
    for (const [c, threads] of channels) {
      // A collapsed category still shows the open channel and unread ones, as Discord does.
      const show = (x) => !collapsed || x.id === S.channelId || S.unread.has(x.id);
      if (show(c) || threads.some(show)) html += channelRow(c);
      threads.forEach((t, i) => { if (show(t)) html += channelRow(t, i === threads.length - 1 ? 'last' : ''); });
    }
  }
  if (S.state.dms.length) {
    html += '<div class="cat static"><span>Direct messages</span></div>';
    for (const d of S.state.dms) html += channelRow({ ...d, type: 1 }, 'dm');
  }
  $('#channel-list').innerHTML = html;
  $('#guild-name').title = S.state.guild.name;
}

function renderTopbar() {
  const c = findChannel(S.channelId);
  const dm = c && isDm(c.id);
  $('#channel-icon').innerHTML = dm ? ICON.at : channelIcon(c);
  $('#channel-title').textContent = c ? (dm ? S.state.bot.name || c.name : c.name) : '';
  const parent = c && isThread(c) && findChannel(c.parent_id);
  $('#channel-title').title = parent ? `${parent.name} › ${c.name}` : (c ? c.name : '');
  if (!C.cmd) $('#composer').placeholder = placeholderText();
  document.title = 'Parlour Local';
}

function placeholderText() {
  const c = findChannel(S.channelId);
  if (!c) return 'Message';
  if (isDm(c.id)) return `Message @${S.state.bot.name || c.name}`;
  if (c.locked) return 'This thread is locked';
  return `Message ${isThread(c) ? '' : '#'}${c.name}`;
}

function renderSeat() {
  const st = S.state;
  const humans = st.members.filter((m) => !m.bot);
  const sw = $('#member-switcher');
  sw.innerHTML = humans.map((m) => `<option value="${esc(m.id)}">${esc(m.name)}</option>`).join('');
  sw.value = st.me.id;
  setAvatar($('#seat-avatar'), st.me);
  setAvatar($('#panel-avatar'), st.me);
  $('#panel-name').textContent = st.me.name;
  $('#seat-menu').innerHTML = `<div class="menu-head">Play as</div>${humans.map((m) => `
    <div class="seat-row${m.id === st.me.id ? ' current' : ''}">
      <button type="button" class="seat-pick" data-user-id="${esc(m.id)}">${avatarHtml(m, 'small')}<span class="seat-name">${esc(m.name)}</span>${m.id === st.me.id ? '<span class="you">you</span>' : ''}</button>
      <a class="seat-newtab" href="?as=${encodeURIComponent(m.id)}" target="_blank" rel="noopener" title="Open as ${esc(m.name)} in a new tab" aria-label="Open as ${esc(m.name)} in a new tab">${ICON.external}</a>
    </div>`).join('')}
    <div class="menu-sep"></div>
    <button type="button" class="menu-item seat-rename">Rename ${esc(st.me.name)}…</button>`;
}

function renderWarning() {
  const w = S.state && S.state.warning;
  const hidden = !w || sessionStorage.getItem('parlour.warning.hidden') === w;
  $('#warning').hidden = hidden;
  if (w) $('#warning-text').textContent = w;
}

function closeSeatMenu() { $('#seat-menu').hidden = true; }
function openDrawer() { document.body.classList.add('drawer-open'); $('#backdrop').hidden = false; }
function closeDrawer() { document.body.classList.remove('drawer-open'); $('#backdrop').hidden = true; }

// ---------------------------------------------------------------------------------------------
// 5. The message list
// ---------------------------------------------------------------------------------------------
const GROUP_GAP = 7 * 60 * 1000; // Discord starts a new group after 7 minutes
const list = () => $('#messages');
const inner = () => $('#messages-inner');
const findEl = (id) => inner().querySelector(`.msg[data-id="${cssq(id)}"]`);

async function openChannel(id) {
  if (!id) { inner().innerHTML = '<div class="empty">Nothing to see here yet.</div>'; return; }
  const fresh = id !== S.channelId || !S.order.length;
  S.channelId = id;
  S.loadingChannel = id;
  S.pending = [];
  S.unread.delete(id);
  writeUrl();
  renderSidebar();
  renderTopbar();
  if (fresh) {
    S.msgs.clear(); S.order = [];
    $('#jump').hidden = true;
    inner().innerHTML = '<div class="list-loading"><span class="spinner"></span></div>';
  }
  const gen = ++S.openGen;
  let data;
  try {
    data = await api('GET', withAs(`/web/channels/${encodeURIComponent(id)}/messages`));
  } catch (e) {
    if (gen !== S.openGen) return;
    S.loadingChannel = null;
    inner().innerHTML = '';
    if (e.status) toast(e.message);
    if (e.status === 404 && S.state && firstChannel() !== id) openChannel(firstChannel());
    return;
  }
  if (gen !== S.openGen) return;
  S.loadingChannel = null;
  S.msgs = new Map();
  S.order = [];
  for (const m of data.messages || []) { S.msgs.set(m.id, m); S.order.push(m.id); S.seen.add(m.id); }
  S.order.sort(cmpId);
  S.complete = (data.messages || []).length < 100; // the server sends at most the last 100
  // Frames that came while we were fetching apply on top of the fetched list.
  for (const f of S.pending) {
    if (f.type === 'message') { S.msgs.set(f.message.id, f.message); if (!S.order.includes(f.message.id)) S.order.push(f.message.id); S.seen.add(f.message.id); }
    else if (f.type === 'delete') { S.msgs.delete(f.id); S.order = S.order.filter((x) => x !== f.id); }
  }
  S.pending = [];
  S.order.sort(cmpId);
  if (fresh) S.stick = true;
  rerenderAll();
}

/** Names the list shows (members, channels): when they change the list is drawn again. */
const namesKey = () => (S.state ? JSON.stringify([S.state.members, S.state.channels.map((c) => c.name)]) : '');

function rerenderAll() {
  S.namesKey = namesKey();
  const parts = [welcomeHtml()];
  for (let i = 0; i < S.order.length; i++) parts.push(messageHtml(i));
  mutateList(() => {
    const open = captureMenus(inner());
    inner().innerHTML = parts.join('');
    restoreMenus(inner(), open);
  });
}

function welcomeHtml() {
  const c = findChannel(S.channelId);
  if (!c || !S.complete) return '';
  if (isDm(c.id)) {
    const bot = { id: S.state.bot.id, name: S.state.bot.name, bot: true };
    return `<div class="channel-start">${avatarHtml(bot, 'huge')}<h2>${esc(bot.name)}</h2><p>This is the beginning of your direct message history with <strong>${esc(bot.name)}</strong>. Your hands arrive here.</p></div>`;
  }
  return `<div class="channel-start"><div class="start-icon">${channelIcon(c)}</div><h2>Welcome to ${isThread(c) ? '' : '#'}${esc(c.name)}!</h2><p>This is the start of the ${isThread(c) ? '' : '#'}${esc(c.name)} ${isThread(c) ? 'thread' : 'channel'}.</p></div>`;
}

/** Whether message i starts a group (avatar and name shown) and whether a day divider precedes it. */
function shape(i) {
  const m = S.msgs.get(S.order[i]);
  const prev = i > 0 ? S.msgs.get(S.order[i - 1]) : null;
  const t = new Date(m.timestamp);
  const day = !prev || !sameDay(new Date(prev.timestamp), t);
  const head = day || !prev || prev.author.id !== m.author.id || !!m.interaction || !!prev.interaction !== !!m.interaction
    || prev.ephemeral !== m.ephemeral || t - new Date(prev.timestamp) > GROUP_GAP;
  return { head, day };
}

function mentionsMe(m) {
  const c = m.content || '';
  return c.includes(`<@${S.as}>`) || c.includes(`<@!${S.as}>`) || /@(everyone|here)\b/.test(c);
}

function messageHtml(i) {
  const m = S.msgs.get(S.order[i]);
  const { head, day } = shape(i);
  const t = new Date(m.timestamp);
  eagerMedia = i >= S.order.length - EAGER_NEWEST;
  const cls = ['msg', head ? 'head' : 'cont', m.ephemeral && 'ephemeral', mentionsMe(m) && 'mentioned', m.loading && 'is-loading']
    .filter(Boolean).join(' ');
  let s = `<div class="${cls}" data-id="${esc(m.id)}" data-shape="${+head}${+day}">`;
  if (day) s += `<div class="day-divider" role="separator"><span>${esc(FMT.D.format(t))}</span></div>`;
  s += '<div class="msg-main">';
  if (m.interaction && m.interaction.command) {
    s += `<div class="msg-ref">${avatarHtml(m.interaction.user, 'tiny')}<span class="ref-user">${esc(m.interaction.user.name)}</span> used <span class="ref-cmd">/${esc(m.interaction.command)}</span></div>`;
  }
  if (head) {
    s += avatarHtml(m.author, 'msg-avatar');
    s += `<div class="msg-header"><span class="author">${esc(m.author.name)}</span> ${m.author.bot ? '<span class="bot-tag">BOT</span> ' : ''}<time class="stamp" datetime="${esc(m.timestamp)}" title="${esc(FMT.F.format(t))}">${esc(stampLabel(t))}</time>${
      m.edited && !m.content && !m.loading ? '<span class="edited" title="Edited">(edited)</span>' : ''}</div>`;
  } else {
    s += `<time class="side-time" datetime="${esc(m.timestamp)}" title="${esc(FMT.F.format(t))}">${esc(FMT.t.format(t))}</time>`;
  }
  s += '<div class="msg-body">';
  const edited = m.edited ? '<span class="edited" title="Edited">(edited)</span>' : '';
  if (m.loading) {
    s += `<div class="msg-content thinking">${esc(m.author.name)} is thinking<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span></div>`;
  } else if (m.content) {
    s += `<div class="msg-content md">${md(m.content, edited)}</div>`;
  }
  // An embed's picture that is one of the message's attachments reads as that attachment's alt text.
  const altOf = new Map((m.attachments || []).map((a) => [a.url, a.description || '']));
  for (const e of m.embeds || []) s += embedHtml(e, altOf);
  // As Discord: a file an embed shows (its image or thumbnail) is not shown again below it.
  const inEmbeds = new Set((m.embeds || []).flatMap((e) => [e.image && e.image.url, e.thumbnail && e.thumbnail.url]));
  const loose = (m.attachments || []).filter((a) => !inEmbeds.has(a.url));
  if (loose.length) s += `<div class="attachments">${loose.map(attachmentHtml).join('')}</div>`;
  if ((m.components || []).length) s += componentsHtml(m.components);
  const fail = S.failures.get(m.id);
  if (fail && fail.until > Date.now()) s += failureHtml(fail.text);
  if (m.ephemeral) {
    s += `<div class="ephemeral-note">${ICON.eye}<span>Only you can see this</span><span class="sep">·</span><button type="button" class="dismiss">Dismiss message</button></div>`;
  }
  return `${s}</div></div></div>`;
}

/** The list to the bottom, and kept there for a moment while what arrives settles (an answer meant
 *  for the reader, its pictures loading), unless the reader scrolls meanwhile. */
function follow() {
  S.stick = true;
  S.followUntil = performance.now() + FOLLOW_MS;
  list().scrollTop = list().scrollHeight;
  $('#jump').hidden = true;
}

const FOLLOW_MS = 3000;
const following = () => performance.now() < (S.followUntil || 0);

/** Runs a DOM change to the list without moving what the reader is looking at: at the bottom it
 *  stays at the bottom; elsewhere the first visible message keeps its place on screen. */
function mutateList(fn) {
  const sc = list();
  if (S.stick) { fn(); sc.scrollTop = sc.scrollHeight; return; }
  const top = sc.getBoundingClientRect().top;
  let anchorId = null;
  let offset = 0;
  for (const el of inner().children) {
    if (!el.dataset.id) continue;
    const r = el.getBoundingClientRect();
    if (r.bottom > top) { anchorId = el.dataset.id; offset = r.top; break; }
  }
  fn();
  const el = anchorId && findEl(anchorId);
  if (el) sc.scrollTop += el.getBoundingClientRect().top - offset;
}

function upsert(m) {
  const exists = S.msgs.has(m.id);
  S.msgs.set(m.id, m);
  let i;
  if (exists) {
    i = S.order.indexOf(m.id);
  } else {
    i = S.order.length;
    while (i > 0 && cmpId(S.order[i - 1], m.id) > 0) i--;
    S.order.splice(i, 0, m.id);
  }
  mutateList(() => {
    const old = exists && findEl(m.id);
    const node = nodeFrom(messageHtml(i));
    if (old) {
      const open = captureMenus(old);
      old.replaceWith(node);
      restoreMenus(node, open);
    } else {
      const next = S.order[i + 1] && findEl(S.order[i + 1]);
      inner().insertBefore(node, next || null);
    }
    refreshShape(i + 1);
  });
}

function removeMessage(id) {
  const i = S.order.indexOf(id);
  if (i < 0) return;
  S.order.splice(i, 1);
  S.msgs.delete(id);
  mutateList(() => {
    const el = findEl(id);
    if (el) el.remove();
    refreshShape(i);
  });
}

/** Re-renders message i if its grouping changed because a neighbour came or went. */
function refreshShape(i) {
  if (i < 0 || i >= S.order.length) return;
  const el = findEl(S.order[i]);
  const { head, day } = shape(i);
  if (el && el.dataset.shape !== `${+head}${+day}`) {
    const open = captureMenus(el);
    const node = nodeFrom(messageHtml(i));
    el.replaceWith(node);
    restoreMenus(node, open);
  }
}

/** Every second: relative timestamps count; "interaction failed" lines expire. */
function tick() {
  if (document.hidden) return;
  for (const el of $$('.ts[data-f="R"]')) {
    const text = relative(Number(el.dataset.t));
    if (el.textContent !== text) el.textContent = text;
  }
  const now = Date.now();
  for (const [id, f] of S.failures) {
    if (f.until <= now) {
      S.failures.delete(id);
      const el = findEl(id);
      const line = el && el.querySelector('.interaction-failed');
      if (line) mutateList(() => line.remove());
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 6. Message parts: embeds, attachments, components
// ---------------------------------------------------------------------------------------------
const MEDIA_MAX_W = 550; // Discord shows a picture inline within 550 x 350 on a desktop (the width on a phone)
const MEDIA_MAX_H = 350;
const EAGER_NEWEST = 10; // pictures of the newest messages load at once; older ones when scrolled to
let eagerMedia = true;   // set by messageHtml for the message being drawn
const safeUrl = (u) => (/^(https?:\/\/|\/)/i.test(String(u || '')) ? String(u) : '#');

/** An image that reserves its box from width/height before it loads, so the list does not jump. */
function mediaHtml(url, w, h, alt, maxW = MEDIA_MAX_W, maxH = MEDIA_MAX_H, cls = '') {
  let style = '';
  if (w > 0 && h > 0) {
    const scale = Math.min(1, maxW / w, maxH / h);
    style = ` style="width:${Math.max(1, Math.round(w * scale))}px;aspect-ratio:${w} / ${h}"`;
  }
  return `<a class="media ${cls}${style ? ' sized' : ''}" href="${esc(safeUrl(url))}" target="_blank" rel="noopener" data-zoom${style}><img src="${esc(safeUrl(url))}" alt="${esc(alt || '')}" loading="${eagerMedia ? 'eager' : 'lazy'}" decoding="async"></a>`;
}

function attachmentHtml(a) {
  const isImage = (a.content_type || '').startsWith('image/') || /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(a.filename || '');
  if (isImage) return mediaHtml(a.url, a.width, a.height, a.description || a.filename);
  return `<a class="file-chip" href="${esc(safeUrl(a.url))}" target="_blank" rel="noopener" download="${esc(a.filename)}">${ICON.file}<span>${esc(a.filename)}</span></a>`;
}

function embedHtml(e, altOf = new Map()) {
  const colour = typeof e.color === 'number' ? `#${e.color.toString(16).padStart(6, '0')}` : null;
  let s = '';
  if (e.author && e.author.name) {
    const icon = e.author.icon_url ? `<img class="embed-icon" src="${esc(safeUrl(e.author.icon_url))}" alt="">` : '';
    const name = e.author.url ? linkHtml(safeUrl(e.author.url), esc(e.author.name)) : esc(e.author.name);
    s += `<div class="embed-author">${icon}<span>${name}</span></div>`;
  }
  if (e.title) s += `<div class="embed-title">${e.url ? linkHtml(safeUrl(e.url), inline(e.title)) : inline(e.title)}</div>`;
  if (e.description) s += `<div class="embed-desc md">${md(e.description)}</div>`;
  if ((e.fields || []).length) s += fieldsHtml(e.fields, !!(e.thumbnail && e.thumbnail.url));
  if (e.image && e.image.url) s += `<div class="embed-image">${mediaHtml(e.image.url, e.image.width, e.image.height, altOf.get(e.image.url) || '', 488, 400)}</div>`;
  if (e.thumbnail && e.thumbnail.url) {
    const beside = Math.max(1, (s.match(/<div class="embed-(author|title|desc|fields)"/g) || []).length);
    s += `<div class="embed-thumb" style="grid-row:1 / span ${beside}">${mediaHtml(e.thumbnail.url, e.thumbnail.width, e.thumbnail.height, '', 80, 80)}</div>`;
  }
  const foot = [];
  if (e.footer && e.footer.text) foot.push(esc(e.footer.text));
  if (e.timestamp) foot.push(esc(stampLabel(new Date(e.timestamp))));
  if (foot.length) {
    const icon = e.footer && e.footer.icon_url ? `<img class="embed-icon" src="${esc(safeUrl(e.footer.icon_url))}" alt="">` : '';
    s += `<div class="embed-footer">${icon}<span>${foot.join(' <span class="sep">•</span> ')}</span></div>`;
  }
  const thumb = e.thumbnail && e.thumbnail.url ? ' has-thumb' : '';
  return `<article class="embed${thumb}"${colour ? ` style="--embed-colour:${colour}"` : ''}>${s}</article>`;
}

/** Inline fields sit side by side, up to 3 a row (2 beside a thumbnail); others take a whole row. */
function fieldsHtml(fields, thumb) {
  const perRow = thumb ? 2 : 3;
  const rows = [];
  let row = null;
  for (const f of fields) {
    if (f.inline && row && row.length < perRow) row.push(f);
    else { row = [f]; rows.push(row); if (!f.inline) row = null; }
  }
  return `<div class="embed-fields">${rows.map((r) => `<div class="embed-row" style="--cols:${r.length}">${r.map((f) =>
    `<div class="embed-field"><div class="field-name">${inline(f.name || '')}</div><div class="field-value md">${md(f.value || '')}</div></div>`).join('')}</div>`).join('')}</div>`;
}

const emojiText = (e) => (!e ? '' : e.id ? `:${e.name}:` : (e.name || ''));
const BUTTON_STYLE = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

function componentsHtml(rows) {
  let s = '<div class="components">';
  for (const row of rows) {
    const children = row.type === 1 ? row.components || [] : [row];
    s += `<div class="comp-row">${children.map(componentHtml).join('')}</div>`;
  }
  return `${s}</div>`;
}

function componentHtml(c) {
  if (c.type === 2) {
    const emoji = c.emoji ? `<span class="btn-emoji">${esc(emojiText(c.emoji))}</span>` : '';
    // The label is the button's own text (tests match it with text-is); the spinner dots carry none.
    const label = c.label ? esc(c.label) : '';
    if (c.style === 5) {
      return `<a class="btn btn-link${c.disabled ? ' disabled' : ''}" href="${esc(safeUrl(c.url))}" target="_blank" rel="noopener noreferrer"${c.disabled ? ' aria-disabled="true" tabindex="-1"' : ''}>${emoji}${label}${ICON.external}</a>`;
    }
    return `<button type="button" class="btn btn-${BUTTON_STYLE[c.style] || 'secondary'}" data-custom-id="${esc(c.custom_id)}"${c.disabled ? ' disabled' : ''}>${emoji}${label}<span class="btn-dots" aria-hidden="true"><i></i><i></i><i></i></span></button>`;
  }
  if (c.type === 3) return (c.max_values ?? 1) > 1 ? multiSelectHtml(c) : singleSelectHtml(c);
  return '';
}

const optionText = (o) => `${o.emoji ? `${emojiText(o.emoji)} ` : ''}${o.label}`;

function singleSelectHtml(c) {
  const chosen = (c.options || []).find((o) => o.default);
  const min = c.min_values ?? 1;
  const options = (c.options || []).map((o) =>
    `<option value="${esc(o.value)}"${o.default ? ' selected' : ''}${o.description ? ` title="${esc(o.description)}"` : ''}>${esc(optionText(o))}${o.description ? ` — ${esc(o.description)}` : ''}</option>`).join('');
  // The placeholder is the first option; with min_values 0 choosing it again clears the choice.
  const placeholder = `<option value=""${chosen ? '' : ' selected'}${min > 0 ? ' disabled' : ''}>${esc(c.placeholder || 'Make a selection')}</option>`;
  return `<select class="select-single" data-custom-id="${esc(c.custom_id)}" data-prev="${esc(chosen ? chosen.value : '')}"${c.disabled ? ' disabled' : ''}>${placeholder}${options}</select>`;
}

function multiSelectHtml(c) {
  const min = c.min_values ?? 1;
  const max = Math.min(c.max_values ?? 1, (c.options || []).length);
  const chosen = (c.options || []).filter((o) => o.default);
  const initial = chosen.map((o) => o.value);
  const full = chosen.length >= max;
  const options = (c.options || []).map((o) => `<label class="select-option"><input type="checkbox" value="${esc(o.value)}" data-label="${esc(optionText(o))}"${o.default ? ' checked' : ''}${c.disabled || (full && !o.default) ? ' disabled' : ''}> ${esc(optionText(o))}${o.description ? `<span class="opt-desc">${esc(o.description)}</span>` : ''}</label>`).join('');
  return `<div class="select-menu${c.disabled ? ' disabled' : ''}" data-custom-id="${esc(c.custom_id)}" data-min="${min}" data-max="${max}" data-initial="${esc(JSON.stringify(initial))}" data-placeholder="${esc(c.placeholder || 'Make a selection')}">
    <button type="button" class="select-box"${c.disabled ? ' disabled' : ''} aria-haspopup="listbox" aria-expanded="false"><span class="select-value${chosen.length ? '' : ' placeholder'}">${esc(chosen.length ? chosen.map(optionText).join(', ') : c.placeholder || 'Make a selection')}</span>${ICON.chevron}</button>
    <div class="select-list" hidden>${options}<div class="select-foot"><span class="select-range">${esc(rangeText(min, max))}</span><button type="button" class="select-done">Done</button></div></div>
  </div>`;
}

function rangeText(min, max) {
  if (min === max) return `Choose ${min} option${min === 1 ? '' : 's'}`;
  return min === 0 ? `Choose up to ${max}` : `Choose ${min} to ${max}`;
}

/** Shows the ticked labels (or the placeholder) in a multi menu's box; greys out options past max. */
function refreshMenu(menu) {
  const boxes = $$('input[type=checkbox]', menu);
  const ticked = boxes.filter((b) => b.checked);
  const max = Number(menu.dataset.max);
  for (const b of boxes) b.disabled = menu.classList.contains('disabled') || (!b.checked && ticked.length >= max);
  const value = $('.select-value', menu);
  const labels = ticked.map((b) => b.dataset.label);
  value.textContent = labels.length ? labels.join(', ') : menu.dataset.placeholder;
  value.classList.toggle('placeholder', !labels.length);
}

function openMenu(menu) {
  for (const other of $$('.select-menu.open')) if (other !== menu) closeMenu(other, false);
  menu.classList.add('open');
  $('.select-list', menu).hidden = false;
  $('.select-box', menu).setAttribute('aria-expanded', 'true');
  const list = $('.select-list', menu);
  // Keep the opened list in view (it opens in the flow, under its box).
  requestAnimationFrame(() => list.scrollIntoView({ block: 'nearest' }));
}

/** Closes a multi menu; sends the choice if it changed and is within range. `done`: by its button. */
function closeMenu(menu, done) {
  const values = $$('input[type=checkbox]:checked', menu).map((b) => b.value);
  const initial = JSON.parse(menu.dataset.initial || '[]');
  const min = Number(menu.dataset.min);
  const max = Number(menu.dataset.max);
  const changed = values.length !== initial.length || values.some((v) => !initial.includes(v));
  const range = $('.select-range', menu);
  if (changed && (values.length < min || values.length > max)) {
    range.classList.add('bad');
    if (done) return; // keep it open: the reader sees what is wrong
  } else {
    range.classList.remove('bad');
  }
  mutateList(() => {
    menu.classList.remove('open');
    $('.select-list', menu).hidden = true;
    $('.select-box', menu).setAttribute('aria-expanded', 'false');
  });
  if (changed && values.length >= min && values.length <= max) {
    menu.dataset.initial = JSON.stringify(values);
    sendSelect(menu, values, initial);
  } else if (changed) {
    showFailure(menu.closest('.msg').dataset.id, rangeText(min, max));
  }
}

/** An open multi menu's ticks survive a re-render of its message (another player's move edits it).
 *  A move elsewhere may renumber the menu (its custom_id names the table's version): then the menu
 *  in the same place offering the very same options is the same menu. */
const menuOptions = (m) => $$('input[type=checkbox]', m).map((b) => `${b.value}=${b.dataset.label}`).join('|');
function captureMenus(root) {
  const all = $$('.select-menu', root);
  return all.filter((m) => m.classList.contains('open')).map((m) => ({
    id: m.dataset.customId, index: all.indexOf(m), options: menuOptions(m),
    values: $$('input:checked', m).map((b) => b.value),
  }));
}
function restoreMenus(root, saved) {
  for (const { id, index, options, values } of saved) {
    let menu = root.querySelector(`.select-menu[data-custom-id="${cssq(id)}"]`);
    if (!menu) {
      const same = $$('.select-menu', root)[index];
      menu = same && menuOptions(same) === options ? same : null;
    }
    if (!menu || menu.classList.contains('disabled')) continue;
    for (const b of $$('input[type=checkbox]', menu)) b.checked = values.includes(b.value);
    refreshMenu(menu);
    menu.classList.add('open');
    $('.select-list', menu).hidden = false;
  }
}

const failureHtml = (text) => `<div class="interaction-failed" role="alert">${ICON.warn}<span>${esc(text || 'This interaction failed')}</span></div>`;

/** Discord's red line under a message's components, for a few seconds. */
function showFailure(messageId, text) {
  S.failures.set(messageId, { text, until: Date.now() + 6000 });
  const el = findEl(messageId);
  if (!el) return;
  mutateList(() => {
    const old = el.querySelector('.interaction-failed');
    const line = nodeFrom(failureHtml(text));
    if (old) old.replaceWith(line);
    else {
      const comps = el.querySelector('.components');
      if (comps) comps.after(line); else el.querySelector('.msg-body').append(line);
    }
  });
}

const HOLD_AFTER_ANSWER = 2500; // ms a message stays held after the bot acknowledged a click, awaiting its edit
// The answer was shown at once (a message of its own, or this message updated): nothing to await.
const SHOWN_AT_ONCE = new Set([4, 7]);

/** While an interaction is on its way, the message's other controls are held (disabled, not dimmed):
 *  a second move from a hand that is about to change would be stale. The bot usually edits the
 *  message, which draws fresh controls; if no edit comes, they are released after a moment. */
function hold(msg, except) {
  const held = $$('button[data-custom-id], select[data-custom-id], .select-box', msg).filter((x) => !x.disabled && x !== except);
  for (const x of held) { x.disabled = true; x.classList.add('held'); }
  return (answered) => {
    const release = () => {
      for (const x of held) if (x.isConnected) { x.disabled = false; x.classList.remove('held'); }
    };
    if (answered) setTimeout(release, HOLD_AFTER_ANSWER); else release();
  };
}

async function clickButton(btn) {
  const msg = btn.closest('.msg');
  if (!msg || btn.disabled) return;
  btn.disabled = true;
  btn.classList.add('busy');
  const release = hold(msg, btn);
  let answered = false;
  try {
    const res = await post('/web/click', { message_id: msg.dataset.id, custom_id: btn.dataset.customId });
    answered = !SHOWN_AT_ONCE.has(res && res.type);
  } catch (e) {
    showFailure(msg.dataset.id, e.message);
  }
  release(answered);
  const restore = () => { if (btn.isConnected) { btn.disabled = false; btn.classList.remove('busy'); } };
  if (answered) setTimeout(restore, HOLD_AFTER_ANSWER); else restore();
}

async function sendSelect(el, values, previous) {
  const msg = el.closest('.msg');
  if (!msg) return;
  el.classList.add('busy');
  if (el.tagName === 'SELECT') el.disabled = true;
  const release = hold(msg, el);
  let answered = false;
  try {
    const res = await post('/web/select', { message_id: msg.dataset.id, custom_id: el.dataset.customId, values });
    answered = !SHOWN_AT_ONCE.has(res && res.type);
    if (el.tagName === 'SELECT') el.dataset.prev = values[0] || '';
  } catch (e) {
    showFailure(msg.dataset.id, e.message);
    if (el.isConnected) {
      if (el.tagName === 'SELECT') el.value = el.dataset.prev || '';
      else el.dataset.initial = JSON.stringify(previous);
    }
  }
  release(answered);
  const restore = () => {
    if (!el.isConnected) return;
    el.classList.remove('busy');
    if (el.tagName === 'SELECT') el.disabled = false;
  };
  if (answered) setTimeout(restore, HOLD_AFTER_ANSWER); else restore();
}

async function dismiss(btn) {
  const msg = btn.closest('.msg');
  btn.disabled = true;
  try {
    await post('/web/dismiss', { message_id: msg.dataset.id });
    removeMessage(msg.dataset.id); // the delete frame may follow; removing twice is harmless
  } catch (e) {
    toast(e.message);
    btn.disabled = false;
  }
}

function showLightbox(url, alt) {
  const box = $('#lightbox');
  const img = $('img', box);
  img.src = url;
  img.alt = alt || '';
  $('a', box).href = url;
  box.hidden = false;
}

// ---------------------------------------------------------------------------------------------
// 7. Composer: plain messages and slash commands
// ---------------------------------------------------------------------------------------------
const C = {
  cmd: null,      // chosen leaf command: { path: [...], node, options: [...] }
  items: [],      // popup entries: { node, path }
  active: 0,      // highlighted popup entry
  busy: false,
  acSeq: 0,       // autocomplete request counter (stale answers are dropped)
  acTimer: 0,
};
const OPTION_TYPE_HINT = { 3: 'text', 4: 'whole number', 5: 'true / false', 6: 'member', 7: 'channel', 8: 'role', 9: 'member or role', 10: 'number', 11: 'file' };
const subsOf = (node) => (node.options || []).filter((o) => o.type === 1 || o.type === 2);
const commands = () => (S.state ? S.state.commands || [] : []);

function autogrow() {
  const ta = $('#composer');
  ta.style.height = 'auto';
  ta.style.height = `${Math.min(ta.scrollHeight, 200)}px`;
}

/** Reads "/play fo" → the level it names (top-level commands or a command's subcommands) and the filter. */
function parseSlash(text) {
  const words = text.slice(1).split(/\s+/);
  const filter = (words.pop() || '').toLowerCase();
  let level = commands();
  const path = [];
  for (const w of words) {
    if (!w) continue;
    const node = level.find((c) => c.name.toLowerCase() === w.toLowerCase());
    if (!node) return null;
    path.push(node.name);
    const subs = subsOf(node);
    if (!subs.length) return { leaf: node, path };
    level = subs;
  }
  return { level, path, filter };
}

function updatePopup() {
  const ta = $('#composer');
  if (C.cmd || !ta.value.startsWith('/') || ta.value.includes('\n')) { hidePopup(); return; }
  const parsed = parseSlash(ta.value);
  if (!parsed) { hidePopup(); return; }
  if (parsed.leaf) { chooseCommand(parsed.path, parsed.leaf); return; } // "/help " typed in full
  const { level, path, filter } = parsed;
  const starts = level.filter((c) => c.name.toLowerCase().startsWith(filter));
  const contains = level.filter((c) => !starts.includes(c) && c.name.toLowerCase().includes(filter));
  C.items = [...starts, ...contains].map((node) => ({ node, path: [...path, node.name] }));
  C.active = Math.min(C.active, Math.max(0, C.items.length - 1));
  const pop = $('#slash-popup');
  const head = path.length ? `/${path.join(' ')}` : 'Commands';
  pop.innerHTML = `<div class="popup-head">${path.length ? '' : ICON.slash}<span>${esc(head)}</span><span class="popup-app">${esc(S.state ? S.state.bot.name : '')}</span></div>${
    C.items.length ? C.items.map(({ node, path: p }, i) => `<div class="popup-item slash-item${i === C.active ? ' active' : ''}" role="option" data-index="${i}" data-name="${esc(node.name)}" aria-selected="${i === C.active}">
      <span class="pi-name">/${esc(p.slice(0, -1).join(' '))}${p.length > 1 ? ' ' : ''}<b>${esc(node.name)}</b>${subsOf(node).length ? ' …' : ''}</span>
      <span class="pi-desc">${esc(node.description || '')}</span></div>`).join('')
      : '<div class="popup-empty">No command matches.</div>'}`;
  pop.hidden = false;
  const act = pop.querySelector('.popup-item.active');
  if (act) act.scrollIntoView({ block: 'nearest' });
}

function hidePopup() { $('#slash-popup').hidden = true; C.items = []; C.active = 0; }

function pickItem(i) {
  const item = C.items[i];
  if (!item) return;
  const ta = $('#composer');
  if (subsOf(item.node).length) {
    ta.value = `/${item.path.join(' ')} `;
    C.active = 0;
    updatePopup();
    ta.focus();
  } else {
    chooseCommand(item.path, item.node);
  }
}

function chooseCommand(path, node) {
  hidePopup();
  const options = (node.options || []).filter((o) => o.type !== 1 && o.type !== 2);
  C.cmd = { path, node, options: [...options.filter((o) => o.required), ...options.filter((o) => !o.required)] };
  const ta = $('#composer');
  ta.value = '';
  ta.readOnly = true;
  // A phone's narrow box has room for the chip and little else.
  const narrow = window.matchMedia('(max-width: 700px)').matches;
  ta.placeholder = narrow ? '' : C.cmd.options.length ? 'Fill in the options, then press Enter' : `Press Enter to run /${path.join(' ')}`;
  autogrow();
  const chip = $('#command-chip');
  chip.innerHTML = `<span>/${esc(path.join(' '))}</span><button type="button" class="chip-x" aria-label="Cancel command" title="Cancel (Esc)">✕</button>`;
  chip.hidden = false;
  $('#composer-box').classList.add('command-mode');
  $('#run-command').title = `Run /${path.join(' ')}`;
  renderOptions();
  const first = $('#options-panel [data-option]');
  (first || ta).focus();
}

function exitCommand() {
  C.cmd = null;
  const ta = $('#composer');
  ta.readOnly = false;
  ta.value = '';
  ta.placeholder = placeholderText();
  autogrow();
  $('#command-chip').hidden = true;
  $('#composer-box').classList.remove('command-mode');
  $('#run-command').title = 'Send';
  const panel = $('#options-panel');
  panel.hidden = true;
  panel.innerHTML = '';
  note('');
  hidePopup();
}

/** When the commands change (a state frame), a chosen command that is gone is dropped. */
function commandsChanged() {
  if (!C.cmd) { if (!$('#slash-popup').hidden) updatePopup(); return; }
  let level = commands();
  let node = null;
  for (const p of C.cmd.path) {
    node = level.find((c) => c.name === p);
    if (!node) { exitCommand(); return; }
    level = subsOf(node);
  }
}

function fieldHtml(o) {
  const id = `opt-${o.name}`;
  const attrs = `id="${esc(id)}" data-option="${esc(o.name)}" data-type="${o.type}"`;
  const hints = [OPTION_TYPE_HINT[o.type] || 'value'];
  let input;
  if (o.choices && o.choices.length) {
    hints.push('choose one');
    input = `<select ${attrs}><option value="">${o.required ? 'Choose…' : '— not set —'}</option>${o.choices.map((c) =>
      `<option value="${esc(c.value)}">${esc(c.name)}</option>`).join('')}</select>`;
  } else if (o.type === 5) {
    input = `<select ${attrs}><option value="">${o.required ? 'Choose…' : '— not set —'}</option><option value="true">True</option><option value="false">False</option></select>`;
  } else if (o.type === 4 || o.type === 10) {
    const min = o.min_value ?? null;
    const max = o.max_value ?? null;
    if (min !== null && max !== null) hints.push(`${min}–${max}`);
    else if (min !== null) hints.push(`at least ${min}`);
    else if (max !== null) hints.push(`at most ${max}`);
    if (o.autocomplete) hints.push('suggestions');
    input = o.autocomplete
      ? `<input type="text" inputmode="decimal" autocomplete="off" ${attrs} data-autocomplete="1">`
      : `<input type="number" ${attrs}${min !== null ? ` min="${min}"` : ''}${max !== null ? ` max="${max}"` : ''} step="${o.type === 4 ? 1 : 'any'}">`;
  } else if (o.type === 6) {
    const members = [...S.state.members].sort((a, b) => (a.bot - b.bot) || (b.id === S.as) - (a.id === S.as));
    input = `<select ${attrs}><option value="">${o.required ? 'Choose a member…' : '— not set —'}</option>${members.map((m) =>
      `<option value="${esc(m.id)}">${esc(m.name)}${m.id === S.as ? ' (you)' : ''}${m.bot ? ' (bot)' : ''}</option>`).join('')}</select>`;
  } else if (o.type === 7) {
    const chans = channelTree().flatMap((s) => s.channels.map(([c]) => c)).filter((c) => c.type === 0);
    input = `<select ${attrs}><option value="">${o.required ? 'Choose a channel…' : '— not set —'}</option>${chans.map((c) =>
      `<option value="${esc(c.id)}">#${esc(c.name)}</option>`).join('')}</select>`;
  } else if (o.type === 11) {
    input = `<input type="text" ${attrs} disabled placeholder="Files can't be attached here">`;
  } else {
    const lengths = [];
    if (o.min_length != null && o.max_length != null) lengths.push(`${o.min_length}–${o.max_length} characters`);
    else if (o.max_length != null) lengths.push(`up to ${o.max_length} characters`);
    else if (o.min_length != null) lengths.push(`at least ${o.min_length} characters`);
    hints.push(...lengths);
    if (o.autocomplete) hints.push('suggestions as you type');
    if (o.type === 8 || o.type === 9) hints.push('id');
    input = `<input type="text" autocomplete="off" ${attrs}${o.max_length != null ? ` maxlength="${o.max_length}"` : ''}${o.autocomplete ? ' data-autocomplete="1"' : ''}>`;
  }
  const ac = o.autocomplete ? '<div class="ac-list" role="listbox" hidden></div>' : '';
  return `<div class="opt${o.required ? ' required' : ''}" data-opt-wrap="${esc(o.name)}">
    <label for="${esc(id)}"><span class="opt-name">${esc(o.name)}</span>${o.required ? '<span class="opt-req" title="Required">*</span>' : ''}<span class="opt-type">${esc(hints.join(' · '))}</span></label>
    <div class="opt-input">${input}${ac}</div>
    ${o.description ? `<div class="opt-desc">${esc(o.description)}</div>` : ''}
    <div class="opt-error" aria-live="polite"></div>
  </div>`;
}

function renderOptions() {
  const panel = $('#options-panel');
  const { path, node, options } = C.cmd;
  panel.innerHTML = `<div class="opts-head"><span class="opts-path">/${esc(path.join(' '))}</span><span class="opts-desc">${esc(node.description || '')}</span></div>${
    options.length ? `<div class="opts-grid">${options.map(fieldHtml).join('')}</div>` : ''}`;
  panel.hidden = false;
}

const fieldOf = (name) => $(`#options-panel [data-option="${cssq(name)}"]`);

/** The raw text of a field; an autocomplete field gives the value of the suggestion it shows. */
function rawValue(o, field) {
  const text = field.value.trim();
  if (field.dataset.autocomplete && text) {
    if (field.dataset.pickedName === field.value) return field.dataset.pickedValue;
    const choices = JSON.parse(field.dataset.choices || '[]');
    const hit = choices.find((c) => String(c.name).toLowerCase() === text.toLowerCase() || String(c.value).toLowerCase() === text.toLowerCase());
    if (hit) return String(hit.value);
  }
  return text;
}

/** Options typed as the command declares them. `strict`: report every problem (before running). */
function collectOptions(strict, skip) {
  const values = {};
  const errors = [];
  for (const o of C.cmd.options) {
    if (o.name === skip) continue;
    const field = fieldOf(o.name);
    if (!field) continue;
    const raw = rawValue(o, field);
    const fail = (text) => errors.push({ name: o.name, text });
    if (raw === '') { if (o.required) fail('Required'); continue; }
    let v = raw;
    if (o.type === 4 || o.type === 10) {
      v = Number(raw);
      if (!Number.isFinite(v) || (o.type === 4 && !Number.isInteger(v))) { fail(o.type === 4 ? 'Must be a whole number' : 'Must be a number'); continue; }
      if (o.min_value != null && v < o.min_value) { fail(`At least ${o.min_value}`); continue; }
      if (o.max_value != null && v > o.max_value) { fail(`At most ${o.max_value}`); continue; }
    } else if (o.type === 5) {
      v = raw === 'true';
    } else if (o.type === 3) {
      if (o.min_length != null && raw.length < o.min_length) { fail(`At least ${o.min_length} characters`); continue; }
      if (o.max_length != null && raw.length > o.max_length) { fail(`At most ${o.max_length} characters`); continue; }
    }
    values[o.name] = v;
  }
  if (strict) {
    for (const el of $$('#options-panel .opt')) {
      const err = errors.find((e) => e.name === el.dataset.optWrap);
      el.classList.toggle('invalid', !!err);
      $('.opt-error', el).textContent = err ? err.text : '';
    }
  }
  return { values, errors };
}

function note(text, kind = 'error') {
  const n = $('#composer-note');
  n.textContent = text;
  n.className = text ? kind : '';
}

async function runCommand() {
  if (!C.cmd || C.busy) return;
  const { values, errors } = collectOptions(true);
  if (errors.length) {
    const missing = errors.filter((e) => e.text === 'Required').map((e) => e.name);
    note(missing.length ? `Fill in ${missing.join(', ')} first.` : 'Some options need fixing.');
    const bad = fieldOf(errors[0].name);
    if (bad) bad.focus();
    return;
  }
  note('');
  C.busy = true;
  const run = $('#run-command');
  run.disabled = true;
  run.classList.add('busy');
  try {
    follow(); // the command's answer comes at the bottom, as in Discord: the list goes there with it
    await post('/web/command', { channel_id: S.channelId, path: C.cmd.path, options: values });
    exitCommand();
    $('#composer').focus();
  } catch (e) {
    note(e.message);
    toast(e.message);
  } finally {
    C.busy = false;
    run.disabled = false;
    run.classList.remove('busy');
  }
}

async function sendText() {
  const ta = $('#composer');
  const content = ta.value;
  if (!content.trim() || C.busy) return;
  C.busy = true;
  try {
    await post('/web/send', { channel_id: S.channelId, content });
    if (ta.value === content) ta.value = '';
    autogrow();
    S.stick = true; // one's own message brings the list to the bottom, as in Discord
  } catch (e) {
    toast(e.message);
  } finally {
    C.busy = false;
  }
}

function submit() {
  if (C.cmd) { runCommand(); return; }
  const ta = $('#composer');
  if (ta.value.startsWith('/') && !ta.value.includes('\n')) {
    // "/help" typed out without picking: take the best match, as Enter in the popup would.
    updatePopup();
    if (C.items.length) { pickItem(C.active); return; }
    if (C.cmd) return;
  }
  sendText();
}

// Autocomplete: the focused option's text goes to the bot, its choices come back as a list.
function requestAutocomplete(field) {
  clearTimeout(C.acTimer);
  C.acTimer = setTimeout(async () => {
    if (!C.cmd || !field.isConnected) return;
    const seq = ++C.acSeq;
    const name = field.dataset.option;
    const { values } = collectOptions(false, name);
    values[name] = field.value;
    try {
      const res = await post('/web/autocomplete', { channel_id: S.channelId, path: C.cmd.path, options: values, focused: name });
      if (seq !== C.acSeq || !field.isConnected || document.activeElement !== field) return;
      showAcList(field, res.choices || []);
    } catch (e) {
      if (seq === C.acSeq && field.isConnected) showAcList(field, [], e.message);
    }
  }, 150);
}

function showAcList(field, choices, error) {
  const listEl = field.parentElement.querySelector('.ac-list');
  field.dataset.choices = JSON.stringify(choices);
  listEl.innerHTML = error ? `<div class="ac-empty">${esc(error)}</div>`
    : choices.length ? choices.map((c, i) => `<div class="ac-item${i === 0 ? ' active' : ''}" role="option" data-value="${esc(c.value)}" data-name="${esc(c.name)}">${esc(c.name)}</div>`).join('')
      : '<div class="ac-empty">No suggestions</div>';
  listEl.hidden = false;
}

function pickAc(field, item) {
  field.value = item.dataset.name;
  field.dataset.pickedName = item.dataset.name;
  field.dataset.pickedValue = item.dataset.value;
  field.parentElement.querySelector('.ac-list').hidden = true;
  const wrap = field.closest('.opt');
  wrap.classList.remove('invalid');
  $('.opt-error', wrap).textContent = '';
}

function moveActive(container, selector, delta) {
  const items = $$(selector, container);
  if (!items.length) return;
  let i = items.findIndex((x) => x.classList.contains('active'));
  i = (i + delta + items.length) % items.length;
  items.forEach((x, j) => x.classList.toggle('active', j === i));
  items[i].scrollIntoView({ block: 'nearest' });
}

// ---------------------------------------------------------------------------------------------
// 8. Wiring
// ---------------------------------------------------------------------------------------------
function wire() {
  const ta = $('#composer');
  const sc = list();

  // The list keeps to the bottom while the reader is there, whatever changes size (images, edits).
  sc.addEventListener('scroll', () => {
    // While an answer for the reader settles (its pictures loading) the list stays at the bottom,
    // whatever the browser's own scroll anchoring does meanwhile.
    S.stick = following() || sc.scrollHeight - sc.scrollTop - sc.clientHeight < 32;
    if (S.stick) $('#jump').hidden = true;
  }, { passive: true });
  for (const stop of ['wheel', 'touchstart', 'keydown']) {
    sc.addEventListener(stop, () => { S.followUntil = 0; }, { passive: true }); // the reader scrolls: theirs
  }
  if (window.ResizeObserver) {
    const keep = new ResizeObserver(() => { if (S.stick || following()) sc.scrollTop = sc.scrollHeight; });
    keep.observe(inner());
    keep.observe(sc);
  }
  $('#jump').addEventListener('click', () => { S.stick = true; sc.scrollTop = sc.scrollHeight; $('#jump').hidden = true; });

  // Sidebar.
  $('#channel-list').addEventListener('click', (e) => {
    const link = e.target.closest('[data-channel-id]');
    if (link) {
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button === 1) return; // let the browser open a tab
      e.preventDefault();
      closeDrawer();
      if (link.dataset.channelId !== S.channelId) openChannel(link.dataset.channelId);
      return;
    }
    const cat = e.target.closest('.cat[data-category]');
    if (cat) {
      const id = cat.dataset.category;
      if (S.collapsed.has(id)) S.collapsed.delete(id); else S.collapsed.add(id);
      localStorage.setItem('parlour.collapsed', JSON.stringify([...S.collapsed]));
      renderSidebar();
    }
  });
  $('#menu-toggle').addEventListener('click', openDrawer);
  $('#backdrop').addEventListener('click', closeDrawer);
  window.addEventListener('hashchange', () => {
    const id = hashChannel();
    if (id && id !== S.channelId && visible(id)) openChannel(id);
  });

  // Member switcher and the seats menu.
  $('#member-switcher').addEventListener('change', (e) => switchMember(e.target.value));
  $('#seat-menu-btn').addEventListener('click', (e) => {
    e.stopPropagation();
    $('#seat-menu').hidden = !$('#seat-menu').hidden;
  });
  $('#seat-menu').addEventListener('click', (e) => {
    const pick = e.target.closest('.seat-pick');
    if (pick) switchMember(pick.dataset.userId);
    else if (e.target.closest('.seat-rename')) rename();
    else if (e.target.closest('.seat-newtab')) closeSeatMenu();
  });
  $('#panel-rename').addEventListener('click', rename);
  $('#warning-close').addEventListener('click', () => {
    if (S.state && S.state.warning) sessionStorage.setItem('parlour.warning.hidden', S.state.warning);
    $('#warning').hidden = true;
  });

  // Messages: one listener each for clicks and changes, whatever the message.
  sc.addEventListener('click', (e) => {
    const t = e.target;
    const btn = t.closest('button[data-custom-id]');
    if (btn) { clickButton(btn); return; }
    const box = t.closest('.select-box');
    if (box) {
      const menu = box.closest('.select-menu');
      if (menu.classList.contains('open')) closeMenu(menu, false); else openMenu(menu);
      return;
    }
    const done = t.closest('.select-done');
    if (done) { closeMenu(done.closest('.select-menu'), true); return; }
    if (t.closest('.dismiss')) { dismiss(t.closest('.dismiss')); return; }
    const spoiler = t.closest('.spoiler');
    if (spoiler && !spoiler.classList.contains('shown')) { e.preventDefault(); spoiler.classList.add('shown'); return; }
    const media = t.closest('a[data-zoom]');
    if (media && !e.ctrlKey && !e.metaKey) { e.preventDefault(); showLightbox(media.href, $('img', media).alt); return; }
    const chan = t.closest('.mention.channel');
    if (chan && visible(chan.dataset.channel)) { openChannel(chan.dataset.channel); return; }
    const cmd = t.closest('.mention.command');
    if (cmd) { exitCommand(); ta.value = `/${cmd.dataset.command} `; ta.focus(); updatePopup(); }
  });
  sc.addEventListener('change', (e) => {
    const t = e.target;
    if (t.matches('select[data-custom-id]')) {
      sendSelect(t, t.value ? [t.value] : [], null);
    } else if (t.matches('.select-option input')) {
      refreshMenu(t.closest('.select-menu'));
      $('.select-range', t.closest('.select-menu')).classList.remove('bad');
    }
  });
  sc.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && e.target.matches('.spoiler')) { e.preventDefault(); e.target.classList.add('shown'); }
    if (e.key === 'Escape') { const open = e.target.closest('.select-menu.open'); if (open) closeMenu(open, false); }
  });

  // Clicking elsewhere closes menus and popups.
  document.addEventListener('pointerdown', (e) => {
    for (const menu of $$('.select-menu.open')) if (!menu.contains(e.target)) closeMenu(menu, false);
    if (!e.target.closest('#seat')) closeSeatMenu();
    if (!e.target.closest('#slash-popup') && e.target !== ta) hidePopup();
  });

  $('#lightbox').addEventListener('click', (e) => { if (!e.target.closest('a')) $('#lightbox').hidden = true; });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    if (!$('#lightbox').hidden) $('#lightbox').hidden = true;
    closeSeatMenu();
    closeDrawer();
  });

  // Composer.
  ta.addEventListener('input', () => { autogrow(); C.active = 0; updatePopup(); note(''); });
  ta.addEventListener('keydown', (e) => {
    if (e.isComposing || e.keyCode === 229) return;
    const popupOpen = !$('#slash-popup').hidden && C.items.length;
    if (popupOpen && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      C.active = (C.active + (e.key === 'ArrowDown' ? 1 : -1) + C.items.length) % C.items.length;
      updatePopup();
    } else if (popupOpen && (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey))) {
      e.preventDefault();
      pickItem(C.active);
    } else if (e.key === 'Escape') {
      if (!$('#slash-popup').hidden) hidePopup();
      else if (C.cmd) exitCommand();
    } else if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Backspace' && C.cmd && !ta.value) {
      exitCommand();
    }
  });
  ta.addEventListener('focus', () => { if (!C.cmd && ta.value.startsWith('/')) updatePopup(); });
  $('#slash-popup').addEventListener('pointerdown', (e) => e.preventDefault()); // keep the composer focused
  $('#slash-popup').addEventListener('click', (e) => {
    const item = e.target.closest('.popup-item');
    if (item) pickItem(Number(item.dataset.index));
  });
  $('#run-command').addEventListener('click', () => submit());
  $('#command-chip').addEventListener('click', (e) => { if (e.target.closest('.chip-x')) { exitCommand(); ta.focus(); } });

  // Options panel: Enter runs, Escape cancels, autocomplete fields ask the bot.
  const panel = $('#options-panel');
  panel.addEventListener('input', (e) => {
    const f = e.target;
    const wrap = f.closest('.opt');
    if (wrap) { wrap.classList.remove('invalid'); $('.opt-error', wrap).textContent = ''; }
    note('');
    if (f.dataset.autocomplete) requestAutocomplete(f);
  });
  panel.addEventListener('focusin', (e) => { if (e.target.dataset.autocomplete) requestAutocomplete(e.target); });
  panel.addEventListener('focusout', (e) => {
    const f = e.target;
    if (f.dataset.autocomplete) setTimeout(() => { if (document.activeElement !== f && f.isConnected) f.parentElement.querySelector('.ac-list').hidden = true; }, 150);
  });
  panel.addEventListener('pointerdown', (e) => { if (e.target.closest('.ac-item')) e.preventDefault(); });
  panel.addEventListener('click', (e) => {
    const item = e.target.closest('.ac-item');
    if (item) pickAc(item.closest('.opt-input').querySelector('[data-option]'), item);
  });
  panel.addEventListener('keydown', (e) => {
    const f = e.target;
    const acList = f.dataset && f.dataset.autocomplete ? f.parentElement.querySelector('.ac-list') : null;
    const acOpen = acList && !acList.hidden && acList.querySelector('.ac-item');
    if (acOpen && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      moveActive(acList, '.ac-item', e.key === 'ArrowDown' ? 1 : -1);
    } else if (acOpen && (e.key === 'Enter' || e.key === 'Tab') && acList.querySelector('.ac-item.active') && f.dataset.pickedName !== f.value) {
      e.preventDefault();
      pickAc(f, acList.querySelector('.ac-item.active'));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (acList && !acList.hidden) acList.hidden = true;
      else { exitCommand(); ta.focus(); }
    } else if (e.key === 'Enter' && !e.isComposing) {
      e.preventDefault();
      runCommand();
    }
  });
}

boot();
