/**
 * The waiting room (chat spec 3, 4 and 6; account spec 3, 4 and 9): who chats now when the platform's
 * engines are busy. Free members and guests queue first in, first out; subscribers and partner hosts
 * never wait. Its state is shared by every instance through its store (memory or Redis).
 */
export { createMemoryWaitingRoomStore } from "./memory-store";
export type { WaitingRoomActor } from "./policy";
export { createRedisWaitingRoomStore } from "./redis-store";
export { registerWaitingRoomRoutes } from "./routes";
export { type ChatTarget, createWaitingRoom, type WaitingRoom } from "./service";
export type { WaitingRoomStore } from "./store";
