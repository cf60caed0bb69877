/**
 * Client addresses for tests that POST to rate-limited routes. The limiter's counters are shared
 * by every test file in the run, so each file takes its own first octet and every call gets a new
 * address, keeping the per-IP limit out of the way of tests that are not about it.
 */
export function clientIps(firstOctet: number): () => string {
  let counter = 0;
  return () => {
    counter++;
    return `${firstOctet}.${Math.floor(counter / 65536) % 256}.${Math.floor(counter / 256) % 256}.${counter % 256}`;
  };
}
