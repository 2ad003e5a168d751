import { describe, expect, it } from "vitest";
import { pageWindow } from "~/components/Pagination";
import { pageCount, withParams } from "~/lib/list-url";
import { parseQuery, q } from "~/lib/query";

describe("URL list state", () => {
  const shape = { page: q.page(), search: q.search(), sortValue: q.sortValue(), filterStatus: q.oneOf(["active", "paused"]) };

  it("keeps valid parameters and drops malformed ones to their defaults", () => {
    const out = parseQuery(new URLSearchParams("page=abc&search=%20cable%20&sortValue=sideways&filterStatus=paused"), shape);
    expect(out).toEqual({ page: 1, search: "cable", sortValue: undefined, filterStatus: "paused" });
  });

  it("parses a good bookmark exactly", () => {
    expect(parseQuery(new URLSearchParams("page=3&sortValue=desc"), shape)).toMatchObject({ page: 3, sortValue: "desc" });
  });

  it("reads a search-and-page list with its own sort, each parameter falling back on its own", () => {
    const parse = q.searchList(q.sort(["id", "name"]));
    expect(parse(new URLSearchParams("search=%20foco%20&sortName=name&sortValue=desc&page=4"))).toEqual({
      search: "foco",
      sortName: "name",
      sortValue: "desc",
      page: 4,
    });
    expect(parse(new URLSearchParams("sortName=price&sortValue=up&page=0&other=1"))).toEqual({
      search: undefined,
      sortName: undefined,
      sortValue: undefined,
      page: 1,
    });
  });

  it("changes one parameter and removes empty ones", () => {
    expect(withParams("page=2&search=x", { page: 3 })).toBe("?page=3&search=x");
    expect(withParams("page=2&search=x", { search: "" })).toBe("?page=2");
    expect(withParams("", {})).toBe("");
  });

  it("pages", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
  });
});
