// Feedback from signed-in users (issue 17, spec 001 §7 feedback; docs/api-accounts.md "Feedback"): stored, mailed
// to the platform staff, and listed to them.
import { z } from 'zod';
import { requiredText } from './common.ts';

export const FEEDBACK_CATEGORIES = ['question', 'problem', 'idea', 'other'] as const;
export const feedbackCategorySchema = z.enum(FEEDBACK_CATEGORIES);
export type FeedbackCategory = z.infer<typeof feedbackCategorySchema>;

export const feedbackRequestSchema = z
  .object({
    category: feedbackCategorySchema,
    subject: requiredText(200),
    message: requiredText(5000),
  })
  .strict();
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackItemSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  user_email: z.string(),
  category: feedbackCategorySchema,
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackQuerySchema = z.object({
  page: z.coerce.number({ message: 'validations.integer' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'validations.integer' }).int().min(1).max(100).default(25),
});
export type FeedbackQuery = z.infer<typeof feedbackQuerySchema>;

export const feedbackListSchema = z.object({
  items: z.array(feedbackItemSchema),
  total_count: z.number().int(),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;
