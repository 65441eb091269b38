import { describe, expect, it } from "vitest";
import { inProcessReplyStreams } from "./reply-streams";

// Ended replies are kept as UTF-8 bytes: frames of ASCII alone are cut by their lengths, others measured.
const FRAME_SETS = {
  "non-ASCII text": [
    "event: start\n\n",
    "event: token\ndata: é\n\n",
    "",
    "event: token\ndata: 🙂 x\n\n",
    "event: done\n\n",
  ],
  "ASCII alone": [
    "event: start\n\n",
    "event: token\ndata: a\n\n",
    "",
    "event: token\ndata: bc\n\n",
    "event: done\n\n",
  ],
};

async function followed(streams: ReturnType<typeof inProcessReplyStreams>, afterSeq: number) {
  const got: [number, string][] = [];
  let ended = false;
  await streams.follow("s", afterSeq, {
    onFrame: (seq, frame) => got.push([seq, frame]),
    onEnd: () => {
      ended = true;
    },
  });
  return { got, ended };
}

describe("in-process reply streams", () => {
  it.each(Object.entries(FRAME_SETS))(
    "replays the same numbered frames from any point while the reply runs and after it ended (%s)",
    async (_name, FRAMES) => {
      const streams = inProcessReplyStreams();
      const writer = streams.open("s", "owner");
      const live: [number, string][] = [];
      await streams.follow("s", 0, { onFrame: (seq, frame) => live.push([seq, frame]), onEnd: () => {} });
      for (const frame of FRAMES.slice(0, 3)) writer.append(frame);
      const during = await followed(streams, 1);
      expect(during).toEqual({
        got: FRAMES.slice(1, 3).map((frame, index) => [index + 2, frame]),
        ended: false,
      });
      for (const frame of FRAMES.slice(3)) writer.append(frame);
      writer.end();
      const all = FRAMES.map((frame, index): [number, string] => [index + 1, frame]);
      expect(live).toEqual(all);
      for (let after = 0; after <= FRAMES.length; after++) {
        expect(await followed(streams, after)).toEqual({ got: all.slice(after), ended: true });
      }
      // Nothing is kept after the end.
      expect(writer.append("late")).toBe(FRAMES.length);
      expect((await followed(streams, 0)).got).toEqual(all);
      await streams.close();
    },
  );
});
