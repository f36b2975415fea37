// The Activity's first page (web/templates/activity.html): Discord's handshake, the person's
// OAuth2 code, then the server says which table this channel holds and the frame goes there,
// carrying the frame's query (the next page sets the SDK up again from it: frame.js).
import { DiscordSDK } from '@discord/embedded-app-sdk';
import { withFrame } from './query.js';

function say(text) {
  // never HTML: the server's words are plain text
  document.getElementById('activity-status').textContent = text;
}

async function start(root) {
  const clientId = root.dataset.client;
  let sdk;
  try {
    // The SDK reads frame_id, instance_id and platform from the address Discord gives the frame.
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch (error) {
    say(root.dataset.outside); // opened outside Discord
    return;
  }
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const answer = await fetch('/activity/session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  let body = {};
  try {
    body = await answer.json();
  } catch (error) {
    body = {};
  }
  if (answer.ok && typeof body.go === 'string' && body.go.startsWith('/activity/t/')) {
    window.location.replace(withFrame(body.go));
    return;
  }
  root.dataset.refused = String(answer.status);
  if (typeof body.page === 'string' && body.page.startsWith('/activity/none')) {
    window.location.replace(withFrame(body.page)); // a page of its own, in the person's language
    return;
  }
  say(typeof body.message === 'string' ? body.message : root.dataset.failed);
}

export function signIn(root) {
  start(root).catch(() => say(root.dataset.failed));
}
