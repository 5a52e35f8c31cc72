CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"message" text,
	"proposed_exchange" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by_id" text,
	CONSTRAINT "exchange_requests_status_check" CHECK (status IN ('pending', 'accepted', 'declined', 'completed')),
	CONSTRAINT "exchange_requests_message_length_check" CHECK (char_length(message) <= 300),
	CONSTRAINT "exchange_requests_proposed_exchange_length_check" CHECK (char_length(proposed_exchange) <= 1000),
	CONSTRAINT "exchange_requests_response_message_length_check" CHECK (char_length(response_message) <= 1000)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"new_messages" boolean DEFAULT true NOT NULL,
	"weekly_digest" boolean DEFAULT false NOT NULL,
	"profile_visibility" boolean DEFAULT true NOT NULL,
	"location_sharing" boolean DEFAULT true NOT NULL,
	"ai_match_suggestions" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_verifications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"identity_verified" boolean DEFAULT false NOT NULL,
	"skills_verified" boolean DEFAULT false NOT NULL,
	"verification_documents" jsonb,
	"phone_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_verifications_phone_number_length_check" CHECK (char_length(phone_number) <= 32)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_1_id" text NOT NULL,
	"participant_2_id" text NOT NULL,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_distinct_participants_check" CHECK (participant_1_id <> participant_2_id)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"exchange_proposal" jsonb,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_length_check" CHECK (char_length(content) BETWEEN 1 AND 2000),
	CONSTRAINT "messages_message_type_check" CHECK (message_type IN ('text', 'exchange_proposal')),
	CONSTRAINT "messages_exchange_proposal_check" CHECK ((message_type = 'exchange_proposal') = (exchange_proposal IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK (type IN ('exchange_request', 'request_accepted', 'request_declined', 'message', 'exchange_completed', 'rating_received', 'system', 'reminder', 'personal_note')),
	CONSTRAINT "notifications_title_length_check" CHECK (char_length(title) <= 200),
	CONSTRAINT "notifications_message_length_check" CHECK (char_length(message) <= 1000)
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_size_bytes_check" CHECK (size_bytes > 0 AND size_bytes <= 5242880),
	CONSTRAINT "photos_dimensions_check" CHECK (width > 0 AND height > 0),
	CONSTRAINT "photos_mime_check" CHECK (mime ~ '^image/[a-z0-9.+-]+$')
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"side" text NOT NULL,
	CONSTRAINT "post_tags_pkey" PRIMARY KEY("post_id","side","tag"),
	CONSTRAINT "post_tags_tag_length_check" CHECK (char_length(tag) BETWEEN 3 AND 29),
	CONSTRAINT "post_tags_side_check" CHECK (side IN ('offering', 'looking_for'))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"offering" text NOT NULL,
	"looking_for" text NOT NULL,
	"available_from" date,
	"available_until" date,
	"preferred_days" text,
	"preferred_times" text,
	"additional_context" text,
	"custom_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_type" text,
	"category_id" integer,
	"availability_description" text,
	"service_radius_miles" integer DEFAULT 10 NOT NULL,
	"lead_time_days" integer DEFAULT 1 NOT NULL,
	"estimated_duration_hours" integer DEFAULT 1 NOT NULL,
	"is_flexible_timing" boolean DEFAULT true NOT NULL,
	"is_same_day_ok" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"zip_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(offering, '')), 'B') || setweight(to_tsvector('english'::regconfig, immutable_array_to_text(custom_tags)), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(looking_for, '') || ' ' || coalesce(description, '')), 'D')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_title_length_check" CHECK (char_length(title) BETWEEN 10 AND 80),
	CONSTRAINT "posts_description_length_check" CHECK (char_length(description) <= 1200),
	CONSTRAINT "posts_offering_length_check" CHECK (char_length(offering) BETWEEN 20 AND 300),
	CONSTRAINT "posts_looking_for_length_check" CHECK (char_length(looking_for) BETWEEN 20 AND 300),
	CONSTRAINT "posts_available_range_check" CHECK (available_until IS NULL OR available_from IS NULL OR available_until >= available_from),
	CONSTRAINT "posts_preferred_days_length_check" CHECK (char_length(preferred_days) <= 500),
	CONSTRAINT "posts_preferred_times_length_check" CHECK (char_length(preferred_times) <= 500),
	CONSTRAINT "posts_additional_context_length_check" CHECK (char_length(additional_context) <= 500),
	CONSTRAINT "posts_availability_description_length_check" CHECK (char_length(availability_description) <= 1000),
	CONSTRAINT "posts_custom_tags_check" CHECK (cardinality(custom_tags) <= 6 AND text_array_max_length(custom_tags) <= 40),
	CONSTRAINT "posts_service_type_check" CHECK (service_type IN ('in_person', 'remote', 'hybrid')),
	CONSTRAINT "posts_status_check" CHECK (status IN ('active', 'hidden', 'completed')),
	CONSTRAINT "posts_numbers_check" CHECK (service_radius_miles > 0 AND lead_time_days >= 0 AND estimated_duration_hours > 0),
	CONSTRAINT "posts_zip_code_length_check" CHECK (char_length(zip_code) <= 10),
	CONSTRAINT "posts_coordinates_check" CHECK ((latitude IS NULL) = (longitude IS NULL) AND latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"about" text,
	"photo_id" uuid,
	"service_type" text,
	"primary_category_id" integer,
	"skill_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"portfolio_url" text,
	"linkedin_url" text,
	"lead_time" text,
	"zip_code" text,
	"service_radius_miles" integer DEFAULT 10 NOT NULL,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(display_name, '')), 'A') || setweight(to_tsvector('english'::regconfig, immutable_array_to_text(skill_keywords)), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_display_name_length_check" CHECK (char_length(display_name) BETWEEN 2 AND 80),
	CONSTRAINT "profiles_about_length_check" CHECK (char_length(about) <= 2000),
	CONSTRAINT "profiles_service_type_check" CHECK (service_type IN ('digital', 'physical', 'both')),
	CONSTRAINT "profiles_skill_keywords_check" CHECK (cardinality(skill_keywords) <= 5 AND text_array_max_length(skill_keywords) <= 40),
	CONSTRAINT "profiles_portfolio_url_check" CHECK (char_length(portfolio_url) <= 500 AND portfolio_url ~* '^https?://'),
	CONSTRAINT "profiles_linkedin_url_check" CHECK (char_length(linkedin_url) <= 500 AND linkedin_url ~* '^https?://'),
	CONSTRAINT "profiles_lead_time_check" CHECK (lead_time IN ('same-day', '1-day', '2-3-days', '1-week', '2-weeks', '1-month', 'flexible')),
	CONSTRAINT "profiles_zip_code_length_check" CHECK (char_length(zip_code) <= 10),
	CONSTRAINT "profiles_service_radius_miles_check" CHECK (service_radius_miles IN (5, 10, 15, 25, 50, 100)),
	CONSTRAINT "profiles_location_length_check" CHECK (char_length(location) <= 120),
	CONSTRAINT "profiles_coordinates_check" CHECK ((latitude IS NULL) = (longitude IS NULL) AND latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exchange_request_id" uuid NOT NULL,
	"rater_id" text NOT NULL,
	"rated_user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_exchange_request_id_rater_id_key" UNIQUE("exchange_request_id","rater_id"),
	CONSTRAINT "ratings_rating_check" CHECK (rating BETWEEN 1 AND 5),
	CONSTRAINT "ratings_distinct_users_check" CHECK (rater_id <> rated_user_id),
	CONSTRAINT "ratings_comment_length_check" CHECK (char_length(comment) <= 1000)
);
--> statement-breakpoint
CREATE TABLE "skill_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skill_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"level" smallint NOT NULL,
	"parent_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "skill_categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "skill_categories_parent_id_name_key" UNIQUE NULLS NOT DISTINCT("parent_id","name"),
	CONSTRAINT "skill_categories_level_check" CHECK (level BETWEEN 1 AND 3),
	CONSTRAINT "skill_categories_parent_level_check" CHECK ((level = 1) = (parent_id IS NULL)),
	CONSTRAINT "skill_categories_name_length_check" CHECK (char_length(name) BETWEEN 1 AND 80),
	CONSTRAINT "skill_categories_slug_format_check" CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_verifications" ADD CONSTRAINT "member_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_participant_1_id_users_id_fk" FOREIGN KEY ("participant_1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_participant_2_id_users_id_fk" FOREIGN KEY ("participant_2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_skill_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."skill_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_primary_category_id_skill_categories_id_fk" FOREIGN KEY ("primary_category_id") REFERENCES "public"."skill_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_exchange_request_id_exchange_requests_id_fk" FOREIGN KEY ("exchange_request_id") REFERENCES "public"."exchange_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_user_id_users_id_fk" FOREIGN KEY ("rated_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_categories" ADD CONSTRAINT "skill_categories_parent_id_skill_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."skill_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_requests_open_per_requester_post_idx" ON "exchange_requests" USING btree ("requester_id","post_id") WHERE status IN ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "exchange_requests_post_id_status_idx" ON "exchange_requests" USING btree ("post_id","status");--> statement-breakpoint
CREATE INDEX "exchange_requests_requester_id_status_idx" ON "exchange_requests" USING btree ("requester_id","status");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_post_idx" ON "conversations" USING btree (least(participant_1_id, participant_2_id),greatest(participant_1_id, participant_2_id),coalesce(post_id::text, ''));--> statement-breakpoint
CREATE INDEX "conversations_participant_1_updated_at_idx" ON "conversations" USING btree ("participant_1_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_participant_2_updated_at_idx" ON "conversations" USING btree ("participant_2_id","updated_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_id_created_at_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE is_read = false;--> statement-breakpoint
CREATE INDEX "notifications_user_id_is_read_created_at_idx" ON "notifications" USING btree ("user_id","is_read","created_at");--> statement-breakpoint
CREATE INDEX "photos_owner_id_idx" ON "photos" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_side_idx" ON "post_tags" USING btree ("tag","side");--> statement-breakpoint
CREATE INDEX "posts_status_created_at_idx" ON "posts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "posts_user_id_created_at_idx" ON "posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_category_id_idx" ON "posts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "posts_lat_lng_idx" ON "posts" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "posts_custom_tags_idx" ON "posts" USING gin ("custom_tags") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "posts_offering_trgm_idx" ON "posts" USING gin ("offering" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "profiles_primary_category_id_idx" ON "profiles" USING btree ("primary_category_id");--> statement-breakpoint
CREATE INDEX "profiles_photo_id_idx" ON "profiles" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "profiles_lat_lng_idx" ON "profiles" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "profiles_search_vector_idx" ON "profiles" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "profiles_skill_keywords_idx" ON "profiles" USING gin ("skill_keywords") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ratings_rated_user_id_idx" ON "ratings" USING btree ("rated_user_id");--> statement-breakpoint
CREATE INDEX "skill_categories_level_name_idx" ON "skill_categories" USING btree ("level","name");--> statement-breakpoint
CREATE INDEX "skill_categories_parent_id_idx" ON "skill_categories" USING btree ("parent_id");