CREATE TABLE "inference_models" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permission" text,
	"hide_unauthorized" boolean DEFAULT false NOT NULL,
	"tokens" text NOT NULL,
	"experimental" boolean DEFAULT false NOT NULL,
	"upstream_model" text,
	"large_context_tokens" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
