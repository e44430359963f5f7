import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { registerServiceWorker } from './lib/notifications/push';
import { prefetchRoom } from './lib/screens/lazy';

const target = document.getElementById('app');
if (!target) throw new Error('#app missing');
export default mount(App, { target });

// pushed notifications are shown by the service worker, even with no tab open
void registerServiceWorker();

// the room, where every game is played, is the next screen most visits open
prefetchRoom();
