import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Without vitest's globals Testing Library cannot register its own cleanup: each test starts on an empty document.
afterEach(() => cleanup());

// A shared two-core machine running other suites can take more than the default second to draw a dialog.
configure({ asyncUtilTimeout: 5000 });
