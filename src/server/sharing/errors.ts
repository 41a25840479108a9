import { SHARING_LIMITS } from '../../shared/sharing';
import { AppError } from '../errors';
import type { ActorKind, SpaceAction } from './permissions';

/**
 * The messages of shared courses (spec §5 and §8 strings quoted exactly). A space the caller may not preview
 * is NOT_FOUND like an unknown one, so that links cannot be probed; an action the caller may not do on a space they
 * can see is FORBIDDEN with a message that says why. The client translates `errors:<messageKey>`.
 */
const error = (code: AppError['code'], userMessage: string, messageKey: string, messageParams?: Record<string, string | number>) =>
  new AppError({ code, userMessage, messageKey, ...(messageParams ? { messageParams } : {}) });

export const spaceErrors = {
  notFound: () => error('NOT_FOUND', 'Shared course not found. Check the link or ask its owner for a new one.', 'spaceNotFound'),
  revoked: () => error('FORBIDDEN', 'Your access to this course was revoked. Ask its owner to invite you again.', 'spaceAccessRevoked'),
  nowPrivate: () =>
    error('FORBIDDEN', 'This course is private now. Only people its owner invites can open it.', 'spacePrivate'),
  ownerOnly: () => error('FORBIDDEN', 'Only the course owner can do this.', 'spaceOwnerOnly'),
  joinToStudy: () => error('FORBIDDEN', 'Join this course or accept your invitation to study it.', 'spaceJoinToStudy'),
  ownCourse: () => error('FORBIDDEN', 'This is your own course.', 'spaceOwnCourse'),
  alreadyMember: () => error('FORBIDDEN', 'You are a member of this course already.', 'spaceAlreadyMember'),
  acceptInvitationFirst: () => error('FORBIDDEN', 'Accept your invitation to join this course.', 'spaceAcceptInvitation'),
  noInvitation: () => error('FORBIDDEN', 'You have no invitation to this course.', 'spaceNoInvitation'),
  notMember: () => error('FORBIDDEN', 'You are not a member of this course.', 'spaceNotMember'),
  invitationNotFound: () =>
    error('NOT_FOUND', 'Invitation not found. It may have been withdrawn or sent to another address.', 'invitationNotFound'),
  memberNotFound: () => error('NOT_FOUND', 'Member not found. Try to refresh the page.', 'spaceMemberNotFound'),
  generateFailed: (cause: unknown) =>
    new AppError({
      code: 'INTERNAL_SERVER_ERROR',
      userMessage: 'Failed to generate content',
      messageKey: 'generateFailed',
      message: `describing the course failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      cause,
    }),
  signedOutGenerate: () => error('UNAUTHORIZED', 'You must be logged in to generate content', 'generateSignedOut'),
  otherUser: () => error('FORBIDDEN', 'You can only do this for your own account.', 'spaceOtherUser'),
  emailRequired: () => error('BAD_REQUEST', 'Please enter an email address', 'inviteEmailRequired'),
  emailInvalid: () => error('BAD_REQUEST', 'Please enter a valid email address.', 'inviteEmailInvalid'),
  emailTooLong: () =>
    error('BAD_REQUEST', `An email address may have at most ${SHARING_LIMITS.emailMaxLength} characters.`, 'inviteEmailTooLong', {
      max: SHARING_LIMITS.emailMaxLength,
    }),
  alreadyInvited: () => error('CONFLICT', 'This email has already been invited', 'inviteAlreadyInvited'),
  inviteSelf: () => error('BAD_REQUEST', 'You own this course, so you cannot invite yourself.', 'inviteSelf'),
  tooManyInvitations: () =>
    error(
      'BAD_REQUEST',
      `This course has reached the limit of ${SHARING_LIMITS.maxInvitationsPerSpace} invitations.`,
      'inviteLimitReached',
      { max: SHARING_LIMITS.maxInvitationsPerSpace },
    ),
  lastVisibleFile: () => error('BAD_REQUEST', 'At least one file must remain visible in the shared course!', 'spaceLastVisibleFile'),
  tagExists: () => error('BAD_REQUEST', 'Tag already exists', 'spaceTagExists'),
  tagUnknown: () => error('BAD_REQUEST', 'Choose the tags from the list of subjects.', 'spaceTagUnknown'),
  tooManyTags: () =>
    error('BAD_REQUEST', `A course may have at most ${SHARING_LIMITS.maxTags} tags.`, 'spaceTooManyTags', { max: SHARING_LIMITS.maxTags }),
  descriptionTooLong: () =>
    error(
      'BAD_REQUEST',
      `The description may have at most ${SHARING_LIMITS.descriptionMaxLength} characters.`,
      'spaceDescriptionTooLong',
      { max: SHARING_LIMITS.descriptionMaxLength },
    ),
  confirmMakePrivate: (count: number) =>
    error(
      'BAD_REQUEST',
      `${count} ${count === 1 ? 'person' : 'people'} joined through the public link and will lose access. Type MAKE PRIVATE to confirm.`,
      'spaceConfirmMakePrivate',
      { count },
    ),
  searchTooLong: () =>
    error('BAD_REQUEST', `A search may have at most ${SHARING_LIMITS.searchMaxLength} characters.`, 'courseSearchTooLong', {
      max: SHARING_LIMITS.searchMaxLength,
    }),
};

/**
 * Why `kind` may not do `action` (the decision itself is `can`/`decide`'s; this only picks the answer). Someone who
 * cannot even preview the space gets NOT_FOUND, except those who know it already: a revoked member, and a public-link
 * member of a course made private.
 */
export function refusal(kind: ActorKind, action: SpaceAction, canPreview: boolean): AppError {
  if (kind === 'revokedMember') return spaceErrors.revoked();
  if (kind === 'publicMember' && !canPreview) return spaceErrors.nowPrivate();
  if (!canPreview) return spaceErrors.notFound();
  switch (action) {
    case 'manage':
    case 'editFiles':
      return spaceErrors.ownerOnly();
    case 'study':
    case 'preview':
      return spaceErrors.joinToStudy();
    case 'join':
      if (kind === 'owner') return spaceErrors.ownCourse();
      if (kind === 'pendingInvitee') return spaceErrors.acceptInvitationFirst();
      return spaceErrors.alreadyMember();
    case 'acceptInvitation':
      if (kind === 'owner') return spaceErrors.ownCourse();
      if (kind === 'viewer' || kind === 'editor' || kind === 'publicMember') return spaceErrors.alreadyMember();
      return spaceErrors.noInvitation();
    case 'leave':
      return kind === 'owner' ? spaceErrors.ownCourse() : spaceErrors.notMember();
  }
}
