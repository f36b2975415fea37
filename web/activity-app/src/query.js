// The query Discord gives the Activity's frame: the Embedded App SDK reads these parameters from
// the page's own address (DiscordSDK's constructor, @discord/embedded-app-sdk 2.5.0), so every page
// the frame goes to must carry them, or the SDK cannot start again there.
const SDK_PARAMS = [
  'frame_id',
  'instance_id',
  'platform',
  'custom_id',
  'referrer_id',
  'guild_id',
  'channel_id',
  'location_id',
  'mobile_app_version',
];

// The SDK's parameters of this page's address (empty outside Discord).
export function frameParams() {
  const here = new URLSearchParams(window.location.search);
  const found = new URLSearchParams();
  if (!here.get('frame_id')) return found;
  for (const name of SDK_PARAMS) {
    const value = here.get(name);
    if (value !== null) found.set(name, value);
  }
  return found;
}

// ``address`` (of this site) with the frame's parameters; its own query and fragment kept.
export function withFrame(address, params = frameParams()) {
  const url = new URL(address, window.location.href);
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : url.href;
}

// Whether ``url`` lacks any of the frame's parameters.
export function lacksFrame(url, params = frameParams()) {
  for (const [name, value] of params) {
    if (url.searchParams.get(name) !== value) return true;
  }
  return false;
}
