/**
 * How `npx convex export` writes documents (server/admin/snapshot-export.ts): under the
 * `"uniform"` generated_schema.jsonl of a Convex export, where a number without a point or an
 * exponent is an int64, so floats keep a point; and the local backend's own import (Convex JSON
 * through JSON.parse) reads every value back exactly. The whole export and import through the
 * real CLI is in convex-cli.test.ts.
 */
import { convexToJson, jsonToConvex, type Value } from "convex/values";
import { describe, expect, it } from "vitest";
import { exportJson } from "../../local-backend/server/admin/snapshot-export";

describe("the documents of a snapshot export", () => {
  it("writes every float with a point or an exponent, and everything else as JSON.stringify does", () => {
    const document = {
      whole: 5,
      negative: -3,
      fraction: 0.5,
      large: 1e21,
      nested: { list: [1, "1", true, null, { deep: 2 }] },
      'quoted "key"': 'text with "quotes" and \n',
    };
    expect(exportJson(document)).toBe(
      '{"whole":5.0,"negative":-3.0,"fraction":0.5,"large":1e+21,' +
        '"nested":{"list":[1.0,"1",true,null,{"deep":2.0}]},"quoted \\"key\\"":"text with \\"quotes\\" and \\n"}',
    );
  });

  it("keeps the Convex JSON form of int64, bytes, -0, NaN and infinities, which Convex's uniform import reads", () => {
    const values: Record<string, Value> = {
      int64: 42n,
      bytes: new Uint8Array([0, 1, 254, 255]).buffer,
      negativeZero: -0,
      nan: Number.NaN,
      infinity: Number.POSITIVE_INFINITY,
    };
    const text = exportJson(convexToJson(values));
    expect(text).toMatch(/"int64":\{"\$integer":"[^"]+"\}/);
    expect(text).toMatch(/"bytes":\{"\$bytes":"[^"]+"\}/);
    expect(text).toMatch(/"negativeZero":\{"\$float":"[^"]+"\}/);
    // Read back as the local backend's import reads it.
    const read = jsonToConvex(JSON.parse(text) as ReturnType<typeof convexToJson>) as Record<string, Value>;
    expect(read.int64).toBe(42n);
    expect(new Uint8Array(read.bytes as ArrayBuffer)).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect(Object.is(read.negativeZero, -0)).toBe(true);
    expect(read.nan).toBeNaN();
    expect(read.infinity).toBe(Number.POSITIVE_INFINITY);
  });
});
