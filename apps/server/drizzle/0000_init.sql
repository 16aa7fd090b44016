CREATE TABLE "sys_notices" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_type" text NOT NULL,
	"notice_title" text NOT NULL,
	"notice_body" text NOT NULL,
	"affected_system" text,
	"remarks" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcs" (
	"func_id" text PRIMARY KEY NOT NULL,
	"menu_id" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"menu_key" text PRIMARY KEY NOT NULL,
	"parent_key" text,
	"title_key" text NOT NULL,
	"url" text,
	"icon" text,
	"section" text NOT NULL,
	"func_id" text,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_accesses" (
	"user_profile_id" integer NOT NULL,
	"party_type_id" text NOT NULL,
	"all_party" boolean DEFAULT false NOT NULL,
	CONSTRAINT "party_accesses_user_profile_id_party_type_id_pk" PRIMARY KEY("user_profile_id","party_type_id")
);
--> statement-breakpoint
CREATE TABLE "profile_types" (
	"profile_type_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	CONSTRAINT "profile_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "role_funcs" (
	"role_id" integer NOT NULL,
	"func_id" text NOT NULL,
	CONSTRAINT "role_funcs_role_id_func_id_pk" PRIMARY KEY("role_id","func_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"user_profile_id" integer,
	"super_user_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_profile_id" serial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"profile_type_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"office_id" integer,
	"user_level_id" smallint,
	"status" text DEFAULT 'A' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"login_id" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"default_lang" text DEFAULT 'en-US' NOT NULL,
	"default_page_size" smallint DEFAULT 10 NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"force_change_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"is_super_user" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"scac" text,
	"cbsa" text,
	"naccs" text,
	"display_name" text NOT NULL,
	"full_name" text NOT NULL,
	"alliance" text NOT NULL,
	"carrier_type" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"country_code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh_hk" text NOT NULL,
	"name_zh_cn" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_values" (
	"area" text NOT NULL,
	"type" text NOT NULL,
	"pkey" text NOT NULL,
	"pvalue" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "lookup_values_area_type_pkey_pk" PRIMARY KEY("area","type","pkey")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"office_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"short_name" text NOT NULL,
	"full_name" text NOT NULL,
	"group_id" text NOT NULL,
	"country_code" text NOT NULL,
	"is_head_office" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "offices_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ports" (
	"un_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"notify_office_party_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"preference_id" serial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"preference_type" text,
	"preference" jsonb,
	"url" text NOT NULL,
	"preference_name" text,
	"preference_style" text,
	"is_favourite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"changes" jsonb,
	"actor_uid" text,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_func_id_funcs_func_id_fk" FOREIGN KEY ("func_id") REFERENCES "public"."funcs"("func_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_accesses" ADD CONSTRAINT "party_accesses_user_profile_id_user_profiles_user_profile_id_fk" FOREIGN KEY ("user_profile_id") REFERENCES "public"."user_profiles"("user_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_funcs" ADD CONSTRAINT "role_funcs_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_funcs" ADD CONSTRAINT "role_funcs_func_id_funcs_func_id_fk" FOREIGN KEY ("func_id") REFERENCES "public"."funcs"("func_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_profile_id_user_profiles_user_profile_id_fk" FOREIGN KEY ("user_profile_id") REFERENCES "public"."user_profiles"("user_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_profile_type_id_profile_types_profile_type_id_fk" FOREIGN KEY ("profile_type_id") REFERENCES "public"."profile_types"("profile_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_office_id_offices_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "user_profiles_user_idx" ON "user_profiles" USING btree ("user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_id_uq" ON "users" USING btree (lower("login_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_code_uq" ON "carriers" USING btree ("carrier_code");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_scac_uq" ON "carriers" USING btree ("scac");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_cbsa_uq" ON "carriers" USING btree ("cbsa");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_naccs_uq" ON "carriers" USING btree ("naccs");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_display_name_uq" ON "carriers" USING btree (lower("display_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_full_name_uq" ON "carriers" USING btree (lower("full_name"));--> statement-breakpoint
CREATE INDEX "carriers_display_name_sort_idx" ON "carriers" USING btree ("display_name","id");--> statement-breakpoint
CREATE INDEX "carriers_updated_idx" ON "carriers" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "ports_country_idx" ON "ports" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "user_preferences_user_url_idx" ON "user_preferences" USING btree ("user_uid","url");--> statement-breakpoint
CREATE INDEX "status_history_entity_idx" ON "status_history" USING btree ("entity_type","entity_id","id");