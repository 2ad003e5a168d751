import { describe, expect, it } from "vitest";
import { multipartLimitsFor } from "../../server/http/body-limits";

const MB = 1024 * 1024;

describe("multipart limits per screen, the same for a form posted with JavaScript (its `.data` URL)", () => {
  it.each([
    ["/messages", 50],
    ["/messages.data", 50],
    ["/messages/42", 50],
    ["/messages/42.data", 50],
    ["/chatbot-documents/7", 21],
    ["/chatbot-documents/7.data", 21],
    ["/catalogs/new", 16],
    ["/catalogs/new.data", 16],
    ["/messagesx.data", 16],
  ])("%s → %d MB", (path, mb) => {
    expect(multipartLimitsFor(path).maxBytes).toBe(mb * MB);
  });
});
