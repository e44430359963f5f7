// Chu Shogi Online's service worker (issue 37): shows a pushed notification, worded by the server in
// the language the browser subscribed with (no tab is open to word it), and opens its page on a click.
// A push's data is the protocol's PushMessage: { id, kind, title, body, url, payload }.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// only a path of this site is opened: a push names where to go, never another site
const samePath = (url) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/');

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: `chu-${message.id}`, // the same notification pushed twice shows once
      data: { id: message.id, url: samePath(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { id, url } = event.notification.data ?? {};
  const target = new URL(samePath(url), self.location.origin).href;
  event.waitUntil((async () => {
    // opened is read: the bell of every tab hears it
    if (typeof id === 'number') {
      await fetch('/api/notifications/read', {
        method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids: [id] }),
      }).catch(() => undefined);
    }
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
    if (tab) {
      await tab.focus();
      return tab.url === target ? tab : tab.navigate(target);
    }
    return self.clients.openWindow(target);
  })());
});
