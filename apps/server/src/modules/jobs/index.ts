/** Jobs: the durable job queue (pg-boss on the project's database) that scheduled work runs through. */
export { createJobQueue, type JobHandler, type JobQueue, type QueueOptions } from "./queue";
