import autocannon from 'autocannon';

export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/**
 * One autocannon run: `connections` clients, each sending the next request as soon as
 * its previous one is answered, for `duration` seconds. `paths` are cycled through.
 * Latency percentiles are computed from every response (autocannon's own table has
 * no p95).
 */
export async function load({ port, paths, headers, duration, connections = 50 }) {
  const latencies = [];
  let errors = 0;
  let answered = 0;
  const requests = paths.map((path) => ({ method: 'GET', path }));
  const instance = autocannon({
    // autocannon takes a single path as part of the URL (its `path` option is ignored).
    url: `http://127.0.0.1:${port}${requests.length === 1 ? paths[0] : ''}`,
    connections,
    duration,
    headers,
    requests: requests.length > 1 ? requests : undefined,
    idReplacement: false,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    answered += 1;
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else errors += 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    /** Every response, whatever its status (what the server's CPU time is divided by). */
    answered,
    errors: errors + result.errors + result.timeouts,
    rps: latencies.length / (result.duration || duration),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** One request, for warm-ups and checks. */
export async function get(port, path, headers = {}) {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, body };
}

/**
 * Closed-loop clients that wait for every answer: each of `connections` sends the next of
 * `paths` (in turn, shared) as soon as its previous one is answered, while `running()`
 * holds. Unlike autocannon, which drops what is in flight when its time is up, the last
 * requests are waited for and counted: a server that answers nothing for the whole run
 * shows how long it really made its clients wait.
 */
export async function closedLoop({ port, paths, headers, connections, running }) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (running()) {
        const path = paths[sent++ % paths.length];
        try {
          const { status, ms } = await get(port, path, headers);
          if (status >= 200 && status < 300) latencies.push(ms);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { sent, requests: latencies.length, errors, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}
