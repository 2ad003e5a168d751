// The demo seed lives in ./demo/ (one file per area); this entry keeps `./demo` importable either way.
export * from "./demo/index";
