/** The part of autocannon 8's Node API the benches use (the package ships no types). */
declare module 'autocannon' {
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    workers?: number;
    /** Each connection loops over these (a path each, here). */
    requests?: { path?: string; method?: string; headers?: Record<string, string>; body?: string }[];
    /** Requests a second from all connections together: a fixed rate (latencies corrected for coordinated omission). */
    overallRate?: number;
  };
  export type Result = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  const autocannon: (options: Options) => Promise<Result>;
  export default autocannon;
}
