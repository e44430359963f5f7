import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { registerServiceWorker } from './lib/notifications/push';

const target = document.getElementById('app');
if (!target) throw new Error('#app missing');
export default mount(App, { target });

// pushed notifications are shown by the service worker, even with no tab open
void registerServiceWorker();
