/**
 * Shared courses: the constants, limits and the shapes the `spaces.*` procedures answer, shared by the
 * server that enforces them and the client that shows them. No logic here; who may do what is decided on the server
 * (src/server/sharing/permissions.ts).
 */

/** The subject list of spec §9 without 'All' (the filter's "everything"): the tags a course may carry. */
export const COURSE_SUBJECTS = [
  'Science',
  'Medicine',
  'Engineering',
  'Law',
  'Biology',
  'Business',
  'Math',
  'Arts',
  'Geography',
  'Computer Science',
  'Music',
  'History',
  'Social Studies',
  'Language',
] as const;
export type CourseSubject = (typeof COURSE_SUBJECTS)[number];
/** The /courses filter: 'All' and the 14 subjects (spec §9, 15 in all). */
export const COURSE_SUBJECT_FILTERS = ['All', ...COURSE_SUBJECTS] as const;
export type CourseSubjectFilter = (typeof COURSE_SUBJECT_FILTERS)[number];

export const SPACE_VISIBILITIES = ['private', 'public', 'shared'] as const;
export type Visibility = (typeof SPACE_VISIBILITIES)[number];
export const SPACE_ROLES = ['viewer', 'editor'] as const;
export type Role = (typeof SPACE_ROLES)[number];
/** Spec §9: the default invite role. */
export const DEFAULT_INVITE_ROLE: Role = 'viewer';
/** Spec §9: a course's name when it is not known. */
export const DEFAULT_COURSE_NAME = 'My Course';

/** Limits (not in the spec; chosen so that bad input is refused with a clear message and nothing grows unbounded). */
export const SHARING_LIMITS = {
  /** RFC 5321's longest address. */
  emailMaxLength: 254,
  descriptionMaxLength: 2000,
  tagMaxLength: 40,
  maxTags: 10,
  /** Invitations one course may hold (pending and accepted). */
  maxInvitationsPerSpace: 500,
  /** Public courses one search answers. */
  publicCoursesPageSize: 50,
  searchMaxLength: 100,
} as const;

/** Spec §9 timers. */
export const SHARED_COURSES_REFETCH_MS = 60_000;
export const COPY_HINT_MS = 5_000;
export const DESCRIPTION_CHUNK_SPACING_MS = 50;

/** Spec §5 typed confirmations. */
export const CONFIRM_MAKE_PRIVATE = 'MAKE PRIVATE';
export const CONFIRM_REVOKE_ACCESS = 'REVOKE ACCESS';
export const CONFIRM_HIDE_FILE = 'HIDE FILE';

/** The share link of a space (spec §2 `/space/{uuid}`), relative to the app's origin. */
export const shareLinkPath = (uuid: string) => `/space/${uuid}`;

/** `spaces.getSharedContext({uuid, id})` (spec §3 "Shared context"; `canEdit` for the header's badge). */
export interface SharedContext {
  spaceName: string;
  sharedSpaceId: string;
  fileName: string;
  /** The file's extension (the header's View File button). */
  extension: string;
  /** The file's video id when it is a video link (the viewer embeds it); null otherwise. */
  videoId: string | null;
  directoryName: string;
  /** The course's id: the course-wide tutor chat and uploads into the course. */
  directoryId: string;
  uuid: string;
  id: string;
  /** 'Edit Access' (owner, editor) or 'Read only'. */
  canEdit: boolean;
  /** The caller owns the course: only the owner makes the study material again (regenerate, retry). */
  isOwner: boolean;
}

export interface SpaceFileEntry {
  fileId: string;
  file: { name: string; extension: string };
  isVisible: boolean;
}

/** A space as its owner or a member sees it (spec §3 "Space/shared course"). */
export interface SpaceSummary {
  id: string;
  uuid: string;
  name: string;
  description: string;
  tags: string[];
  visibility: Visibility;
  isOwner: boolean;
  hasGeneratedDescription: boolean;
  /** The caller's membership id; null for the owner. */
  membershipId: string | null;
  /** The caller's role: 'owner', or the member's role. */
  role: 'owner' | Role;
  directoryId: string;
  createdAt: string;
}

/** `spaces.getUserSpaces`: the caller's spaces, owned and as a member (active memberships only). */
export interface UserSpaces {
  owned: SpaceSummary[];
  member: SpaceSummary[];
}

/** `spaces.getAllSharedCoursesWithFiles`: the courses shared with the caller (as a member), with their visible files. */
export interface SharedCourseWithFiles {
  id: string;
  uuid: string;
  name: string;
  membershipId: string;
  files: { id: string; name: string; extension: string }[];
  createdAt: string;
}

/** `spaces.getSpaceContent({spaceId})` and the landing page: the space and its files (members: visible ones only). */
export interface SpaceContent extends SpaceSummary {
  ownerName: string;
  files: SpaceFileEntry[];
  memberCount: number;
  /**
   * Members who joined through the public link (always sent; 0 for anyone but the owner): Make Private needs the typed
   * 'MAKE PRIVATE' while there are any. Optional in the type only, for clients' test fixtures written before it.
   */
  publicMemberCount?: number;
  /** What the caller may do: drives the landing page's buttons. */
  access: {
    canStudy: boolean;
    canJoin: boolean;
    canAcceptInvitation: boolean;
    canEditFiles: boolean;
    canManage: boolean;
    canLeave: boolean;
  };
  /** The caller's pending invitation, to accept it. */
  invitationId: string | null;
}

/** `spaces.getInvitations` (owner only). */
export interface InvitationEntry {
  id: string;
  email: string;
  role: Role;
  status: 'pending' | 'accepted';
  createdAt: string;
}

/** `spaces.getMembers` (owner only). */
export interface MemberEntry {
  id: string;
  userId: string;
  name: string;
  username: string | null;
  email: string;
  image: string | null;
  role: Role;
  isInvited: boolean;
  joinedAt: string;
}

/** `spaces.isDirectoryShared({directoryId})`. */
export interface DirectoryShared {
  isShared: boolean;
  spaceInfo: { id: string; uuid: string; visibility: Visibility; isOwner: boolean } | null;
}

/** `spaces.listPublicCourses({search, subject})`: a public course on /courses. */
export interface PublicCourse {
  id: string;
  uuid: string;
  name: string;
  description: string;
  tags: string[];
  ownerName: string;
  fileCount: number;
  memberCount: number;
  createdAt: string;
  /** The caller is the owner or a member already. */
  joined: boolean;
}

/** `spaces.getMyInvitations`: pending invitations to the caller's address. */
export interface MyInvitation {
  id: string;
  spaceId: string;
  uuid: string;
  spaceName: string;
  ownerName: string;
  role: Role;
  createdAt: string;
}

/** `spaces.generateDescriptionAndTags`: the description in chunks (shown ~50 ms apart) and the tags. */
export interface GeneratedDescription {
  chunks: string[];
  tags: string[];
}
