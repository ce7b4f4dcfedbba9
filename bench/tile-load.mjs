// A load generator for bench/tiles.bench.mjs, run as a child process so it does not share the servers' event loop:
// `node tile-load.mjs <url> <headers JSON> <ms> <clients>` keeps <clients> requests in flight over keep-alive
// connections for <ms> and prints {requests, bytes, errors, ms} as JSON.
import http from 'node:http';

const [url, headersJson, msArg, clientsArg] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const ms = Number(msArg);
const clients = Number(clientsArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
let requests = 0;
let bytes = 0;
let errors = 0;
const until = performance.now() + ms;
const t0 = performance.now();

const one = () =>
  new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => {
        if (res.statusCode === 200) requests++;
        else errors++;
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
  });

async function client() {
  while (performance.now() < until) await one();
}

await Promise.all(Array.from({ length: clients }, client));
agent.destroy();
console.log(JSON.stringify({ requests, bytes, errors, ms: Math.round(performance.now() - t0) }));
