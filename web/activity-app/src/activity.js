// The one script of the Activity's pages (bundled with Discord's Embedded App SDK into
// web/static/activity.js). The first page (#activity) signs in and goes to the channel's table;
// every later page in Discord's frame sets the SDK up again (frame.js).
import { inFrame } from './frame.js';
import { signIn } from './signin.js';

const first = document.getElementById('activity');
if (first) {
  signIn(first);
} else {
  const script = document.currentScript; // set while this (deferred, classic) script first runs
  inFrame(script ? script.dataset.client : '');
}
