/**
 * The API changelog at /changelog: a second instance of the blog plugin whose posts are generated, as Docusaurus'
 * own website does for its changelog (website/src/plugins/changelog). At every (re)load it asks `load` (computed from
 * the release snapshots and the working spec by ./load.ts, passed in by docusaurus.config.ts) for the entries
 * and their posts, writes the posts into its git-ignored content folder and lets the blog plugin build the list,
 * the entry pages and the RSS and Atom feeds from them. After the build it publishes the entries as
 * CHANGELOG_ARTEFACT for machines (the MCP server reads it). It also loads the release badges' stylesheet, since
 * the operation pages show badges that link here.
 */
import fs from 'node:fs';
import path from 'node:path';
import pluginContentBlog, {validateOptions as validateBlogOptions} from '@docusaurus/plugin-content-blog';
import type {BlogContent, Options as BlogOptions, PluginOptions as BlogPluginOptions} from '@docusaurus/plugin-content-blog';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import {CHANGELOG_ARTEFACT, type ChangelogEntry} from '../../data/spec-changes';

export interface ChangelogPost {
  /** File name inside the content folder (`path`). */
  file: string;
  markdown: string;
}

interface ChangelogOptions {
  /** The entries (newest first) and one post per entry; throws, naming the file, when a release is malformed. */
  load: () => {entries: ChangelogEntry[]; posts: ChangelogPost[]};
  /** Globs whose change reloads the changelog under `npm start` (the spec and its releases). */
  watch: string[];
}
export type Options = ChangelogOptions & BlogOptions;
type PluginOptions = ChangelogOptions & BlogPluginOptions;

/** Writes the posts that differ and deletes the ones no longer produced, so the dev server rebuilds only changes. */
function writePosts(dir: string, posts: ChangelogPost[]): void {
  fs.mkdirSync(dir, {recursive: true});
  const wanted = new Set(posts.map((p) => p.file));
  for (const file of fs.readdirSync(dir)) if (file.endsWith('.md') && !wanted.has(file)) fs.rmSync(path.join(dir, file));
  for (const {file, markdown} of posts) {
    const target = path.join(dir, file);
    if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== markdown) fs.writeFileSync(target, markdown);
  }
}

export default async function changelogPlugin(context: LoadContext, options: PluginOptions): Promise<Plugin<BlogContent>> {
  const {load, watch, ...blogOptions} = options;
  const blog = await pluginContentBlog(context, blogOptions);
  const contentDir = path.resolve(context.siteDir, blogOptions.path);
  let entries: ChangelogEntry[] = [];

  return {
    ...blog,
    async loadContent() {
      // The posts are written only once `load` succeeded: a bad release leaves the last good ones in place.
      let changelog: ReturnType<typeof load>;
      try {
        changelog = load();
      } catch (e) {
        throw new Error(`The API changelog could not be computed (its pages keep their last good content):\n${(e as Error).message}`, {cause: e});
      }
      writePosts(contentDir, changelog.posts);
      entries = changelog.entries;
      return blog.loadContent!();
    },
    // The sources of the posts, not the generated posts (watching those would reload in a loop).
    getPathsToWatch: () => watch,
    getClientModules: () => [path.resolve(__dirname, 'release-badges.css')],
    async postBuild(props) {
      await blog.postBuild?.(props);
      fs.writeFileSync(path.join(props.outDir, CHANGELOG_ARTEFACT), `${JSON.stringify(entries, null, 2)}\n`);
    },
  };
}

export function validateOptions({validate, options}: OptionValidationContext<Options, PluginOptions>): PluginOptions {
  const {load, watch, ...blogOptions} = options;
  if (typeof load !== 'function') throw new Error('changelog plugin: the `load` option (a function returning the entries and posts) is required');
  return {...validateBlogOptions({validate: validate as never, options: blogOptions}), load, watch: watch ?? []};
}
