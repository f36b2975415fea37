// The Activity's pages after its first one (the table, its replay, a language switched,
// /activity/none). Each is a new document in Discord's frame: Discord's client waits for the SDK's
// handshake again, and its commands (opening a link outside Discord) need it. No second
// authorize: the session cookie already says who this is.
import { DiscordSDK } from '@discord/embedded-app-sdk';
import { frameParams, lacksFrame, withFrame } from './query.js';

export function inFrame(clientId) {
  const params = frameParams();
  if (!params.has('frame_id')) return; // outside Discord: the page as it always was
  let sdk;
  try {
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch (error) {
    return; // a query the SDK refuses (an unknown platform): the page stays as it is
  }
  const ready = sdk.ready();
  // Capture: before the page's own handlers (replay.js), and for links a live update adds later.
  document.addEventListener('click', (event) => followed(event, sdk, ready, params), true);
  document.addEventListener('submit', submitted, true);
}

function followed(event, sdk, ready, params) {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!link) return;
  const url = new URL(link.href, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
  if (url.origin !== window.location.origin) {
    // Discord blocks a frame navigating away: its client opens the address, after asking.
    event.preventDefault();
    ready.then(() => sdk.commands.openExternalLink({ url: url.href })).catch(() => {});
    return;
  }
  if (url.pathname === '/signin') {
    // Signing in on Discord's page would leave the frame; inside Discord, signing in is the
    // Activity's own first page (the SDK's authorize), which comes back to the channel's table.
    link.href = withFrame('/activity', params);
    return;
  }
  if (lacksFrame(url, params)) link.href = withFrame(url.href, params); // the navigation reads it after
}

function submitted(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  if (new URL(form.action, window.location.href).pathname !== '/signout') return;
  // Signing out from Discord's frame as play.js moves: a fetch, which sends the Activity's origin.
  // A form's POST would send ``Origin: null`` (the pages' no-referrer), which the change checks
  // (web.sessions) take only beside ``Sec-Fetch-Site``, a header Discord's proxy may not pass on
  // (the tests' stand-in does not); and its answer, a redirect, forbids framing: the frame would
  // show an error. The frame then loads this page again, its query kept, the partitioned cookie
  // deleted by the answer.
  event.preventDefault();
  const body = new URLSearchParams(new FormData(form));
  fetch('/signout', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    redirect: 'manual',
    headers: { 'X-CSRF-Token': String(body.get('csrf') || '') },
  })
    .catch(() => null)
    .then(() => window.location.reload());
}
