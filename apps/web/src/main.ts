import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { registerServiceWorker } from './lib/notifications/push';
import { prefetchRoom } from './lib/screens/lazy';
import { connect } from './lib/device';

const target = document.getElementById('app');
if (!target) throw new Error('#app missing');
export default mount(App, { target });

// who this browser is, on every screen: a deep link (a shared tournament, a profile) opened in a fresh
// tab must know the account as Home does, not only the screens that open the socket themselves
void connect();

// pushed notifications are shown by the service worker, even with no tab open
void registerServiceWorker();

// the room, where every game is played, is the next screen most visits open
prefetchRoom();
