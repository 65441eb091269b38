/**
 * Character training: members with image_training ask for a character's LoRA; the job queue hands it to
 * the trainer (TRAINER_BASE_URL) and stores the finished LoRA in the object store.
 */
export { registerTrainingJobs, TRAINING_JOBS, TRAINING_QUEUES } from "./jobs";
export { registerTrainingRoutes } from "./routes";
export { readyLoraFor } from "./service";
export { createHttpTrainer, type Trainer, TrainerError } from "./trainer";
