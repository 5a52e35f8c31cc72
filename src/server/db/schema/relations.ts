import { relations } from 'drizzle-orm';
import { accounts, sessions, users } from './auth.js';
import { exchangeRequests } from './exchange-requests.js';
import { memberSettings } from './member-settings.js';
import { memberVerifications } from './member-verifications.js';
import { conversations, messages } from './messages.js';
import { notifications } from './notifications.js';
import { photos } from './photos.js';
import { postTags, posts } from './posts.js';
import { profiles } from './profiles.js';
import { ratings } from './ratings.js';
import { skillCategories } from './skill-categories.js';

/*
 * Relations for drizzle's relational queries (`db.query.x.findMany({ with })`).
 * Where two foreign keys point at the same table, `relationName` pairs the sides.
 */

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.id] }),
  settings: one(memberSettings, { fields: [users.id], references: [memberSettings.userId] }),
  verification: one(memberVerifications, {
    fields: [users.id],
    references: [memberVerifications.userId],
  }),
  sessions: many(sessions),
  accounts: many(accounts),
  posts: many(posts),
  photos: many(photos),
  exchangeRequests: many(exchangeRequests, { relationName: 'requester' }),
  notifications: many(notifications),
  ratingsGiven: many(ratings, { relationName: 'rater' }),
  ratingsReceived: many(ratings, { relationName: 'ratedUser' }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.id], references: [users.id] }),
  photo: one(photos, { fields: [profiles.photoId], references: [photos.id] }),
  primaryCategory: one(skillCategories, {
    fields: [profiles.primaryCategoryId],
    references: [skillCategories.id],
  }),
}));

export const photosRelations = relations(photos, ({ one }) => ({
  owner: one(users, { fields: [photos.ownerId], references: [users.id] }),
}));

export const skillCategoriesRelations = relations(skillCategories, ({ one, many }) => ({
  parent: one(skillCategories, {
    fields: [skillCategories.parentId],
    references: [skillCategories.id],
    relationName: 'categoryParent',
  }),
  children: many(skillCategories, { relationName: 'categoryParent' }),
  posts: many(posts),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.userId], references: [users.id] }),
  authorProfile: one(profiles, { fields: [posts.userId], references: [profiles.id] }),
  category: one(skillCategories, {
    fields: [posts.categoryId],
    references: [skillCategories.id],
  }),
  tags: many(postTags),
  exchangeRequests: many(exchangeRequests),
  conversations: many(conversations),
}));

export const postTagsRelations = relations(postTags, ({ one }) => ({
  post: one(posts, { fields: [postTags.postId], references: [posts.id] }),
}));

export const exchangeRequestsRelations = relations(exchangeRequests, ({ one, many }) => ({
  requester: one(users, {
    fields: [exchangeRequests.requesterId],
    references: [users.id],
    relationName: 'requester',
  }),
  post: one(posts, { fields: [exchangeRequests.postId], references: [posts.id] }),
  ratings: many(ratings),
}));

export const conversationsRelations = relations(conversations, ({ one, many }) => ({
  participant1: one(users, {
    fields: [conversations.participant1Id],
    references: [users.id],
    relationName: 'participant1',
  }),
  participant2: one(users, {
    fields: [conversations.participant2Id],
    references: [users.id],
    relationName: 'participant2',
  }),
  post: one(posts, { fields: [conversations.postId], references: [posts.id] }),
  messages: many(messages),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  conversation: one(conversations, {
    fields: [messages.conversationId],
    references: [conversations.id],
  }),
  sender: one(users, { fields: [messages.senderId], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const ratingsRelations = relations(ratings, ({ one }) => ({
  exchangeRequest: one(exchangeRequests, {
    fields: [ratings.exchangeRequestId],
    references: [exchangeRequests.id],
  }),
  rater: one(users, { fields: [ratings.raterId], references: [users.id], relationName: 'rater' }),
  ratedUser: one(users, {
    fields: [ratings.ratedUserId],
    references: [users.id],
    relationName: 'ratedUser',
  }),
}));

export const memberSettingsRelations = relations(memberSettings, ({ one }) => ({
  user: one(users, { fields: [memberSettings.userId], references: [users.id] }),
}));

export const memberVerificationsRelations = relations(memberVerifications, ({ one }) => ({
  user: one(users, { fields: [memberVerifications.userId], references: [users.id] }),
}));
