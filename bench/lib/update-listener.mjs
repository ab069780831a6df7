/**
 * A Socket.IO client in its own worker thread for bench:pipeline, so the arrival time of each
 * device_update is taken without waiting behind the bench's own report sending. It watches the
 * bench's maps. Latency is the arrival time minus the update's lastSeen (the newest report of the
 * device), both from this machine's clock: for every update, and for positioned updates (a new
 * position on the watched map: its lastCalculated differs from the device's previous one; an
 * update that only refreshes signals repeats the last position and is not a locate). Located
 * devices per second: distinct devices with a positioned update in each whole second.
 * Plain JavaScript: worker threads do not get the main thread's TypeScript loader.
 *
 * Messages in: { type: 'start' } | { type: 'stop' } | { type: 'close' }.
 * Messages out: { type: 'connected' } | { type: 'error', message }
 *   | { type: 'latencies', values, updates, positioned, positionedAt, locatedPerS, gaps }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { url, token, mapIds, protocol } = workerData;
const port = parentPort;
let recording = false;
let values = [];
let positioned = [];
/** Per positioned update, its lastSeen (epoch ms). */
let positionedAt = [];
let updates = 0;
let startedAt = 0;
/** Distinct located devices per whole second since start. */
let seconds = [];
/** Per device, its last positioned arrival since start and its longest wait for one (ms). */
let lastPositioned = new Map();
let longestGap = new Map();
/** Per device, the lastCalculated of its newest position on the watched maps. */
const calculated = new Map();

const socket = io(url, {
  path: '/sqws',
  transports: ['websocket'],
  auth: { token, protocol },
  reconnection: false,
  forceNew: true,
});
// A server without watch_maps never answers: go on after 2 s all the same.
socket.once('connect', () =>
  socket
    .timeout(2_000)
    .emit('watch_maps', { mapIds }, () => port.postMessage({ type: 'connected' })),
);
socket.once('connect_error', (err) => port.postMessage({ type: 'error', message: err.message }));
socket.on('device_update', (...us) => {
  if (!recording) return;
  const arrived = Date.now();
  for (const u of us) heard(u, arrived);
});

/** True when the update brings a position on a watched map that the device did not have. */
function isNewPosition(u) {
  if (!u.position || !mapIds.includes(u.mapId)) return false;
  const at = u.triangulationInfo?.lastCalculated ?? u.timestamp;
  if (calculated.get(u.mac) === at) return false;
  calculated.set(u.mac, at);
  return true;
}

/** One update: its latency, and its device among those positioned this second. */
function heard(u, arrived) {
  updates++;
  const lastSeen = Date.parse(u.lastSeen);
  const latency = arrived - lastSeen;
  values.push(latency);
  if (isNewPosition(u)) {
    positioned.push(latency);
    positionedAt.push(lastSeen);
    const s = Math.floor((arrived - startedAt) / 1000);
    (seconds[s] ??= new Set()).add(u.mac);
    const gap = arrived - (lastPositioned.get(u.mac) ?? startedAt);
    if (gap > (longestGap.get(u.mac) ?? 0)) longestGap.set(u.mac, gap);
    lastPositioned.set(u.mac, arrived);
  }
}

/** Each positioned device's longest wait for a position, counting the wait until `end`. */
function gapsUntil(end) {
  return [...lastPositioned].map(([mac, last]) => Math.max(longestGap.get(mac) ?? 0, end - last));
}

port.on('message', (m) => {
  if (m.type === 'start') {
    [recording, values, positioned, positionedAt, updates, seconds] = [true, [], [], [], 0, []];
    [lastPositioned, longestGap] = [new Map(), new Map()];
    startedAt = Date.now();
  } else if (m.type === 'stop') {
    recording = false;
    // The last second is partial: leave it out.
    const whole = Array.from(
      { length: Math.max(0, seconds.length - 1) },
      (_, i) => seconds[i]?.size ?? 0,
    );
    port.postMessage({
      type: 'latencies',
      values,
      updates,
      positioned,
      positionedAt,
      locatedPerS: whole,
      gaps: gapsUntil(Date.now()),
    });
  } else if (m.type === 'close') {
    socket.disconnect();
    port.close();
  }
});
