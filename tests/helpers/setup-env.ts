import path from "node:path";

// Route tests run the real modules; they need a secret and a throw-away data directory.
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret";
process.env.DATA_DIR ??= path.resolve("tests/.tmp/data");
process.env.BRAND_NAME ??= "Electrica";
process.env.DEMO_MODE ??= "true";
process.env.INTEGRATIONS ??= "simulator";
// No simulated activity (docs/live-data.md): no test may find orders, questions or messages it did not make.
process.env.SIM_ACTIVITY = "0";
