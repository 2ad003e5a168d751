import { describe, expect, it } from "vitest";
import { readForm, UNREADABLE_FORM } from "~/lib/http.server";
import { readFormWithFile } from "~/lib/multipart.server";

/**
 * Every action reads its body through `readForm` (app/lib/http.server.ts) or, for a form with one
 * file, `readFormWithFile` (app/lib/multipart.server.ts): a body the platform's parser cannot read is
 * then a 400 with a Spanish message in every route, never a 500 ("Failed to parse body as FormData").
 * That no other file of the app reads a body is a lint rule (eslint.config.js, FORMS_READ_IN_ONE_PLACE);
 * what the two readers answer is checked here.
 */
describe("the two form readers", () => {
  const broken = (body: string, type = "multipart/form-data; boundary=abc") =>
    new Request("http://local.test/x", { method: "POST", headers: { "content-type": type }, body });

  const refusal = async (read: Promise<unknown>) => {
    const thrown = await read.then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    return { status: response.status, text: await response.text() };
  };

  it.each([
    ["the boundary in the header but not in the body", broken("hola")],
    ["another boundary in the body", broken('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n')],
    ["a truncated part", broken('--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n1')],
    ["no boundary at all", broken("x", "multipart/form-data")],
    ["a part header out of form", broken("--abc\r\nContent-Disposition: form-data;name=a\r\n\r\n1\r\n--abc--\r\n")],
  ])("readForm: %s is a 400 with the Spanish message", async (_label, request) => {
    expect(await refusal(readForm(request))).toEqual({ status: 400, text: UNREADABLE_FORM });
  });

  it("readForm reads an ordinary form", async () => {
    const form = await readForm(broken('--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--abc--\r\n'));
    expect(form.get("a")).toBe("1");
  });

  it("readFormWithFile: a body without its boundary, or no boundary, is a 400 with the Spanish message", async () => {
    expect(await refusal(readFormWithFile(broken("x", "multipart/form-data"), 1024))).toEqual({ status: 400, text: UNREADABLE_FORM });
    expect(await refusal(readFormWithFile(broken("x", "text/plain"), 1024))).toEqual({ status: 400, text: UNREADABLE_FORM });
  });
});
