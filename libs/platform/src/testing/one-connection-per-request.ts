import { Agent, setGlobalDispatcher } from 'undici';

/**
 * Jest setup: every `fetch` a test makes opens a connection of its own and
 * closes it after the answer.
 *
 * A keep-alive connection left idle is closed by the server after
 * `HTTP_KEEP_ALIVE_TIMEOUT_MS`, and the client drops it a second earlier by
 * its own timer. In a test that timer shares one event loop with services
 * starting in the same process: a stall of a second or two (a Nest
 * bootstrap, a collection) lets the client send on a connection the server
 * has already closed, and the request fails with "other side closed". That
 * race belongs to the test's client, not to what the test checks, so the
 * tests' client does not keep connections. The gateway's own pool to its
 * subgraphs is its own dispatcher and keeps them, as in production.
 */
setGlobalDispatcher(new Agent({ pipelining: 0 }));
