/**
 * A Socket.IO client in its own worker thread for bench:pipeline, so the arrival time of each
 * device_update is taken without waiting behind the bench's own report sending. Latency is the
 * arrival time minus the report's timestamp (the update's lastSeen), both from this machine's clock.
 * Plain JavaScript: worker threads do not get the main thread's TypeScript loader.
 *
 * Messages in: { type: 'start' } | { type: 'stop' } | { type: 'close' }.
 * Messages out: { type: 'connected' } | { type: 'error', message } | { type: 'latencies', values, updates }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { url, token } = workerData;
const port = parentPort;
let recording = false;
let values = [];
let updates = 0;

const socket = io(url, {
  path: '/sqws',
  transports: ['websocket'],
  auth: { token },
  reconnection: false,
  forceNew: true,
});
socket.once('connect', () => port.postMessage({ type: 'connected' }));
socket.once('connect_error', (err) => port.postMessage({ type: 'error', message: err.message }));
socket.on('device_update', (u) => {
  if (!recording) return;
  const arrived = Date.now();
  updates++;
  values.push(arrived - Date.parse(u.lastSeen));
});

port.on('message', (m) => {
  if (m.type === 'start') {
    [recording, values, updates] = [true, [], 0];
  } else if (m.type === 'stop') {
    recording = false;
    port.postMessage({ type: 'latencies', values, updates });
  } else if (m.type === 'close') {
    socket.disconnect();
    port.close();
  }
});
