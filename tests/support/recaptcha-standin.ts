/**
 * A local stand-in for Google reCAPTCHA (unreachable from here), speaking the documented protocol on
 * both sides:
 * - GET /recaptcha/api.js: a script defining `grecaptcha` with ready / render / execute / getResponse /
 *   reset. Like Google's api.js it reads its own query: `render=<site key>` (v3: execute gives tokens
 *   for that key), `render=explicit` (v2: the page draws boxes with grecaptcha.render), and
 *   `onload=<global function>` called once the API is usable. The v2 box is a plain checkbox
 *   (`.standin-recaptcha input`) instead of Google's iframe; ticking it is "solving" it.
 * - POST /recaptcha/api/siteverify: form-encoded secret / response / remoteip in, Google's JSON verdict
 *   out. Tokens name the version, site key and action they were made for; each verifies once
 *   (then "timeout-or-duplicate", as Google answers).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecaptchaStandin {
  scriptUrl: string;
  verifyUrl: string;
  /** Every siteverify form received, in order. */
  verified: URLSearchParams[];
  /** The script's query strings, in order of loading. */
  scriptQueries: URLSearchParams[];
  close(): Promise<void>;
}

// Runs in the browser: keep it plain ES2015 without imports.
const SCRIPT = String.raw`(function () {
  var me = document.currentScript;
  var query = new URL(me.src).searchParams;
  var renderParam = query.get('render') || 'onload';
  var onload = query.get('onload');
  var queue = [];
  var loaded = false;
  var widgets = [];
  var serial = 0;
  function token(version, siteKey, action) {
    serial += 1;
    return ['standin', version, encodeURIComponent(siteKey), encodeURIComponent(action || ''), Date.now().toString(36) + serial].join('.');
  }
  function checkParams(params) {
    if (!params || !params.sitekey) throw new Error('Missing required parameters: sitekey');
  }
  var api = {
    ready: function (cb) { if (loaded) setTimeout(cb, 0); else queue.push(cb); },
    render: function (container, params) {
      checkParams(params);
      var el = typeof container === 'string' ? document.getElementById(container) : container;
      var id = widgets.length;
      var box = document.createElement('label');
      box.className = 'standin-recaptcha';
      var input = document.createElement('input');
      input.type = 'checkbox';
      var text = document.createElement('span');
      text.textContent = 'I am not a robot (stand-in)';
      box.append(input, text);
      el.append(box);
      var w = { input: input, params: params, response: '' };
      widgets.push(w);
      input.addEventListener('change', function () {
        if (!input.checked) return;
        w.response = token('v2', params.sitekey, '');
        if (typeof params.callback === 'function') params.callback(w.response);
      });
      return id;
    },
    getResponse: function (id) {
      var w = widgets[id === undefined ? 0 : id];
      return w ? w.response : '';
    },
    reset: function (id) {
      var w = widgets[id === undefined ? 0 : id];
      if (!w) return;
      w.response = '';
      w.input.checked = false;
    },
    execute: function (siteKey, opts) {
      // v3: only with the key the script was loaded for (render=<site key>).
      if (renderParam === 'explicit' || renderParam === 'onload' || siteKey !== renderParam) {
        return Promise.reject(new Error('Invalid site key or not loaded in api.js: ' + siteKey));
      }
      return Promise.resolve(token('v3', siteKey, opts && opts.action));
    },
  };
  window.grecaptcha = api;
  // Google's script finishes loading its parts asynchronously; so does this one.
  setTimeout(function () {
    loaded = true;
    queue.splice(0).forEach(function (cb) { cb(); });
    if (onload && typeof window[onload] === 'function') window[onload]();
  }, 20);
})();`;

export async function startRecaptchaStandin(opts: { secret: string; siteKey: string; score?: number }): Promise<RecaptchaStandin> {
  const verified: URLSearchParams[] = [];
  const scriptQueries: URLSearchParams[] = [];
  const used = new Set<string>();

  function verdict(form: URLSearchParams): Record<string, unknown> {
    if (form.get('secret') !== opts.secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const response = form.get('response') ?? '';
    const [tag, version, siteKey, action] = response.split('.');
    if (tag !== 'standin' || decodeURIComponent(siteKey ?? '') !== opts.siteKey)
      return { success: false, 'error-codes': ['invalid-input-response'] };
    if (used.has(response)) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    used.add(response);
    const base = { success: true, challenge_ts: new Date().toISOString(), hostname: '127.0.0.1' };
    return version === 'v3' ? { ...base, score: opts.score ?? 0.9, action: decodeURIComponent(action ?? '') } : base;
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    if (req.method === 'GET' && url.pathname === '/recaptcha/api.js') {
      scriptQueries.push(url.searchParams);
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(SCRIPT);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      let raw = '';
      req.on('data', (d) => {
        raw += d;
      });
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        verified.push(form);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(verdict(form)));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    scriptUrl: `${base}/recaptcha/api.js`,
    verifyUrl: `${base}/recaptcha/api/siteverify`,
    verified,
    scriptQueries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
