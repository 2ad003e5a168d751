import { describe, expect, it } from "vitest";
import { keepTextTypedBeforeHydration } from "~/lib/typed-before-hydration";

/** A form as the server sends it: prefilled and empty textareas, and an input. */
function page() {
  const root = document.createElement("form");
  root.innerHTML = `<textarea name="comments">Pedido urgente</textarea><textarea name="notes"></textarea><input name="folio" value="A1">`;
  document.body.append(root);
  const [comments, notes] = Array.from(root.querySelectorAll("textarea"));
  return { root, comments, notes };
}

/** What react-dom's initTextarea does while hydrating: the server text back into the textarea. */
const hydrate = (textarea: HTMLTextAreaElement) => (textarea.value = textarea.textContent ?? "");

describe("text typed into a textarea before hydration", () => {
  it("is put back after hydration wrote the server text over it, with an input event", async () => {
    const { root, comments } = page();
    comments.value = "Escrito antes";
    const putBack = keepTextTypedBeforeHydration(root);
    hydrate(comments);
    const inputs: string[] = [];
    root.addEventListener("input", (event) => inputs.push((event.target as HTMLTextAreaElement).name));
    putBack();
    expect(comments.value).toBe("Escrito antes");
    expect(inputs).toEqual(["comments"]);
  });

  it("leaves untouched textareas, and one typed into again after hydration, as they are", async () => {
    const { root, comments, notes } = page();
    const putBack = keepTextTypedBeforeHydration(root);
    comments.value = "Escrito después";
    putBack();
    expect(comments.value).toBe("Escrito después");
    expect(notes.value).toBe("");

    const second = page();
    second.comments.value = "Escrito antes";
    const putBackSecond = keepTextTypedBeforeHydration(second.root);
    hydrate(second.comments);
    second.comments.value = "Y otra vez";
    putBackSecond();
    expect(second.comments.value).toBe("Y otra vez");
  });
});
