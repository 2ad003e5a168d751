// s3rver (a test-only S3 server) ships no types: the part of its API the tests use.
declare module "s3rver" {
  import type { Server } from "node:http";
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  };
  export default class S3rver {
    constructor(options?: Options);
    httpServer?: Server;
    run(): Promise<{ address: string; port: number; family: string }>;
    close(): Promise<void>;
  }
}
