// Middleware is on (react-router.config.ts): loaders, actions and entry.server get a RouterContextProvider.
import "react-router";

declare module "react-router" {
  interface Future {
    v8_middleware: true;
  }
}
