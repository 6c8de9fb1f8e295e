import { describe, expect, it } from "vitest";
import { parseCliArgs } from "./args";
import { startupProblem } from "./startup-errors";

describe("command-line options", () => {
  it("defaults to port 3210 and the .data folder", () => {
    expect(parseCliArgs([], {})).toEqual({
      ok: true,
      options: { port: 3210, dataDir: ".data", allowedOrigins: [], redactErrors: false, help: false },
    });
  });

  it("takes --allow-origin as often as given, as origins, and refuses what is not an http(s) address", () => {
    expect(
      parseCliArgs(["--allow-origin", "https://app.example:8443/path", "--allow-origin=http://10.0.0.2:5173"], {}),
    ).toMatchObject({ options: { allowedOrigins: ["https://app.example:8443", "http://10.0.0.2:5173"] } });
    expect(parseCliArgs(["--allow-origin", "evil"], {})).toEqual({
      ok: false,
      problem: '--allow-origin needs an http(s) address, not "evil".',
    });
  });

  it("takes --port and --data in both spellings", () => {
    expect(parseCliArgs(["--port", "4000", "--data=/tmp/x"], {})).toMatchObject({
      options: { port: 4000, dataDir: "/tmp/x" },
    });
    expect(parseCliArgs(["--port=4001", "--data", "d"], {})).toMatchObject({ options: { port: 4001, dataDir: "d" } });
  });

  it("takes the port from PORT unless --port is given", () => {
    expect(parseCliArgs([], { PORT: "5000" })).toMatchObject({ options: { port: 5000 } });
    expect(parseCliArgs(["--port", "5001"], { PORT: "5000" })).toMatchObject({ options: { port: 5001 } });
  });

  it("refuses a port that is not a number from 1 to 65535, naming where it came from", () => {
    expect(parseCliArgs(["--port", "abc"], {})).toEqual({
      ok: false,
      problem: '--port must be a whole number from 1 to 65535, not "abc".',
    });
    expect(parseCliArgs([], { PORT: "70000" })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^PORT must/),
    });
    expect(parseCliArgs(["--port", "0"], {})).toMatchObject({ ok: false });
  });

  it("refuses unknown options and options without a value", () => {
    expect(parseCliArgs(["--prot", "1"], {})).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Unknown option --prot\./),
    });
    expect(parseCliArgs(["--data"], {})).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^--data needs a value/),
    });
    expect(parseCliArgs(["--port", "--data", "x"], {})).toMatchObject({ ok: false });
  });
});

describe("startup problems", () => {
  it("explains a busy port with the command to run instead", () => {
    expect(startupProblem(new Error("listen: port 3210 is already in use"), "npm start")).toBe(
      "Port 3210 is busy: stop the other program or run npm start -- --port 3211",
    );
    expect(startupProblem(new Error("port 8080 is already in use"), "npm run dev")).toBe(
      "Port 8080 is busy: stop the other program or run npm run dev -- --port 8081",
    );
  });

  it("explains an unusable data folder in one line", () => {
    const problem = startupProblem(new Error("cannot read data folder /root/x: permission denied"), "npm start");
    expect(problem).toBe(
      "Cannot use the data folder /root/x: permission denied. Fix it or choose another with npm start -- --data DIR",
    );
  });

  it("leaves unexpected errors alone so their stack is printed", () => {
    expect(startupProblem(new TypeError("x is undefined"), "npm start")).toBeNull();
  });
});
