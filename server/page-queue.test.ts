import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { pageQueue } from "./page-queue";

const req = (method = "GET") => ({ method }) as Request;
const res = () => new EventEmitter() as unknown as Response & EventEmitter;

describe("pageQueue", () => {
  it("renders at most `max` pages at once and lets the next in when one finishes", () => {
    const queue = pageQueue(2);
    const started: number[] = [];
    const responses = [res(), res(), res(), res()];
    responses.forEach((r, i) => queue(req(), r, (() => started.push(i)) as NextFunction));
    expect(started).toEqual([0, 1]);
    responses[0].emit("finish");
    responses[0].emit("close"); // finish then close releases once
    expect(started).toEqual([0, 1, 2]);
    responses[2].emit("close"); // a dropped connection releases too
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("never holds back actions, and drops a waiting request whose browser left", () => {
    const queue = pageQueue(1);
    const started: string[] = [];
    const first = res();
    queue(req(), first, (() => started.push("page 1")) as NextFunction);
    queue(req("POST"), res(), (() => started.push("action")) as NextFunction);
    const gone = res();
    queue(req(), gone, (() => started.push("gone")) as NextFunction);
    queue(req(), res(), (() => started.push("page 3")) as NextFunction);
    gone.emit("close");
    first.emit("finish");
    expect(started).toEqual(["page 1", "action", "page 3"]);
  });
});
