// Preloaded (node --require) into a process and, through execArgv, into its worker
// threads: every outbound connection to a non-local host throws, as does any DNS lookup.
const net = require('node:net');
const dns = require('node:dns');
const http = require('node:http');
const https = require('node:https');
const { isMainThread } = require('node:worker_threads');

const local = (host) => !host || host === 'localhost' || host === '127.0.0.1' || host === '::1';
const refuse = (what) => {
  throw new Error(`network refused: ${what}`);
};
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = typeof args[0] === 'object' && args[0] !== null ? args[0] : { port: args[0], host: args[1] };
  if (!options.path && !local(options.host)) refuse(`connect ${options.host}:${options.port}`);
  return connect.apply(this, args);
};
dns.lookup = (host) => refuse(`dns ${host}`);
for (const module of [http, https]) {
  module.request = (target) => refuse(`request ${typeof target === 'string' ? target : (target.href ?? target.host)}`);
  module.get = module.request;
}
globalThis.fetch = (target) => Promise.reject(new Error(`network refused: fetch ${String(target)}`));
process.stderr.write(`network refused in ${isMainThread ? 'main thread' : 'worker thread'}\n`);
