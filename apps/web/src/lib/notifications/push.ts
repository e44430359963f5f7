// Web Push in this browser: the service worker (public/sw.js) registered at start, and subscribing
// this browser for the account logged in (Ajustes). The server pushes only when no tab is open.
import type { Language } from '@chu/protocol';
import { answerSchemas } from '../answers';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

const supported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

/** Registers the service worker (once per load); null where the browser has none. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return Promise.resolve(null);
  return navigator.serviceWorker.register('/sw.js').catch(() => null);
}

async function subscription(): Promise<PushSubscription | null> {
  if (!supported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await subscription()) ? 'on' : 'off';
}

/** The VAPID key as the PushManager takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const send = (method: 'POST' | 'DELETE', body: unknown) =>
  fetch('/api/push/subscriptions', { method, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Asks for permission, subscribes this browser and tells the server (pushes worded in `lang`). */
export async function enablePush(userId: string, lang: Language): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'denied' : 'off';
  const reg = (await registerServiceWorker()) && (await navigator.serviceWorker.ready);
  if (!reg) return 'unsupported';
  const res = await fetch('/api/push/public-key', { credentials: 'same-origin' });
  const { publicKey } = (await answerSchemas()).PushPublicKeySchema.parse(await res.json());
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const saved = await send('POST', { ...sub.toJSON(), lang });
  if (saved.ok) localStorage.setItem(PUSH_FOR, JSON.stringify({ userId, lang }));
  return saved.ok ? 'on' : 'off';
}

const PUSH_FOR = 'chu.pushFor'; // who turned pushes on in this browser, and the language they were asked in

/**
 * The settings' language changed (or a page loaded): the pushes of the account that turned them on here
 * follow it. Another account logged in here is not subscribed by this (only by turning pushes on).
 */
export async function pushLanguage(userId: string, lang: Language): Promise<void> {
  const was = JSON.parse(localStorage.getItem(PUSH_FOR) ?? 'null') as { userId: string; lang: string } | null;
  if (!was || was.userId !== userId || was.lang === lang) return;
  const sub = await subscription();
  if (sub && (await send('POST', { ...sub.toJSON(), lang })).ok) localStorage.setItem(PUSH_FOR, JSON.stringify({ userId, lang }));
}

/** This browser receives no more pushes (for any account). */
export async function disablePush(): Promise<PushState> {
  const sub = await subscription();
  if (sub) {
    await send('DELETE', { endpoint: sub.endpoint }).catch(() => undefined);
    await sub.unsubscribe();
  }
  return pushState();
}
