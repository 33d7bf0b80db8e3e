// Types for the TypeScript tests; the servers themselves are plain JavaScript.
export declare const ERR: Readonly<Record<'PARSE' | 'INVALID_REQUEST' | 'METHOD_NOT_FOUND' | 'INVALID_PARAMS' | 'INTERNAL' | 'NOT_INITIALIZED' | 'UNSUPPORTED_VERSION', number>>;
export declare class RpcError extends Error {
  constructor(code: number, message: string, data?: unknown);
  code: number;
  data: unknown;
}
export declare const KEEP_OPEN: unique symbol;
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
export declare function log(line: string): void;
export declare function lineSplitter(onLine: (line: string) => void): (chunk: Buffer) => void;
export declare function serve(opts: Record<string, unknown>): {
  send(msg: object): void;
  write(line: string): void;
  fail(id: string | number | null, code: number, message: string, data?: unknown): void;
  inFlight: Map<string, AbortController>;
};
