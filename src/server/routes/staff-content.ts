/** Back office calls for content: store pages, blog posts, home slides and banners, banner messages, help files. */
import { z } from 'zod';
import {
  helpFileNameParamsSchema,
  homeSlideSchema,
  idParamsSchema,
  pageKeyParamsSchema,
  STAFF_CONTENT_MESSAGES as M,
  staffHelpFileBodySchema,
  staffHelpFileRowSchema,
  staffMessageBodySchema,
  staffMessageRowSchema,
  staffPageBodySchema,
  staffPageRowSchema,
  staffPostBodySchema,
  staffPostDetailSchema,
  staffPostRowSchema,
  staffSlideBodySchema,
} from '../../api/schemas/staff-content';
import { defineRoute } from '../http/route';
import {
  deleteMessage,
  deletePage,
  deletePost,
  deleteSlide,
  listSlides,
  saveMessage,
  savePage,
  savePost,
  saveSlide,
  setHelpFile,
  staffListHelpFiles,
  staffListMessages,
  staffListPages,
  staffListPosts,
  staffPost,
} from '../services/staff/content-editing';
import { requireStaff } from '../auth/staff-guard';

const tags = ['staff'];
const errors = [401, 403, 404, 409];
const done = z.object({ message: z.string() });
const created = z.object({ message: z.string(), data: z.object({ id: z.number() }) });

export const staffContentRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/pages',
    summary: 'Every store page in every language',
    tags,
    response: z.object({ data: z.array(staffPageRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListPages(deps.db) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/pages/{slug}/{locale}',
    summary: 'Writes a store page in one language (HTML sanitised)',
    tags,
    params: pageKeyParamsSchema,
    body: staffPageBodySchema,
    response: done,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await savePage(deps.db, user.id, params.slug, params.locale, body);
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/pages/{slug}/{locale}',
    summary: 'Deletes one language of a store page',
    tags,
    params: pageKeyParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await deletePage(deps.db, user.id, params.slug, params.locale);
      return { message: M.deleted };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/posts',
    summary: 'Blog posts, scheduled ones included',
    tags,
    response: z.object({ data: z.array(staffPostRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListPosts(deps.db) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/posts/{id}',
    summary: 'One blog post with every field',
    tags,
    params: idParamsSchema,
    response: z.object({ data: staffPostDetailSchema }),
    errors,
    handler: async ({ params, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffPost(deps.db, params.id) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/posts',
    summary: 'Writes a blog post (HTML sanitised; a future date schedules it)',
    tags,
    body: staffPostBodySchema,
    response: created,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return c.json({ message: M.saved, data: { id: await savePost(deps.db, user.id, null, body) } }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/posts/{id}',
    summary: 'Changes a blog post',
    tags,
    params: idParamsSchema,
    body: staffPostBodySchema,
    response: done,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await savePost(deps.db, user.id, params.id, body);
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/posts/{id}',
    summary: 'Deletes a blog post',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await deletePost(deps.db, user.id, params.id);
      return { message: M.deleted };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/slides',
    summary: 'Home slides and banners, hidden ones included',
    tags,
    response: z.object({ data: z.array(homeSlideSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await listSlides(deps.db, false) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/slides',
    summary: 'Adds a home slide or banner',
    tags,
    body: staffSlideBodySchema,
    response: created,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return c.json({ message: M.saved, data: { id: await saveSlide(deps.db, user.id, null, body) } }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/slides/{id}',
    summary: 'Changes a home slide or banner',
    tags,
    params: idParamsSchema,
    body: staffSlideBodySchema,
    response: done,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await saveSlide(deps.db, user.id, params.id, body);
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/slides/{id}',
    summary: 'Removes a home slide or banner',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await deleteSlide(deps.db, user.id, params.id);
      return { message: M.deleted };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/messages',
    summary: 'Banner messages, switched-off and out-of-window ones included',
    tags,
    response: z.object({ data: z.array(staffMessageRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListMessages(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/messages',
    summary: 'Adds a banner message shown on every page',
    tags,
    body: staffMessageBodySchema,
    response: created,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return c.json({ message: M.saved, data: { id: await saveMessage(deps.db, user.id, null, body) } }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/messages/{id}',
    summary: 'Changes a banner message',
    tags,
    params: idParamsSchema,
    body: staffMessageBodySchema,
    response: done,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await saveMessage(deps.db, user.id, params.id, body);
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/messages/{id}',
    summary: 'Removes a banner message',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await deleteMessage(deps.db, user.id, params.id);
      return { message: M.deleted };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/help-files',
    summary: 'The help files and where each one points',
    tags,
    response: z.object({ data: z.array(staffHelpFileRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListHelpFiles(deps.db, deps.config) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/help-files/{name}',
    summary: 'Points a help file at a new address',
    tags,
    params: helpFileNameParamsSchema,
    body: staffHelpFileBodySchema,
    response: done,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await setHelpFile(deps.db, user.id, params.name, body.url);
      return { message: M.saved };
    },
  }),
];
