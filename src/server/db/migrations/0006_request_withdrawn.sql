-- Members may withdraw a pending request; response notes are at most 300 characters and rating comments 500.
ALTER TABLE "exchange_requests" DROP CONSTRAINT "exchange_requests_status_check";--> statement-breakpoint
ALTER TABLE "exchange_requests" DROP CONSTRAINT "exchange_requests_response_message_length_check";--> statement-breakpoint
ALTER TABLE "ratings" DROP CONSTRAINT "ratings_comment_length_check";--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_status_check" CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'completed'));--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_response_message_length_check" CHECK (char_length(response_message) <= 300);--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_comment_length_check" CHECK (char_length(comment) <= 500);