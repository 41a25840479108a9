import type { InvitationEntry, MemberEntry, SpaceContent } from '../../../shared/sharing';
import { fakeTrpcServer, type Handlers } from '../../test/fake-trpc-server';
import { renderSignedIn } from '../../test/render-signed-in';
import type { ShareTarget } from '../../lib/share-course';
import { ShareCourseButton, ShareCourseFlow } from './share-button';
import { ShareCourseDialog, type ShareTab } from './share-course-dialog';

/** For the sharing component tests: the fake tRPC endpoint at the network edge and a signed-in render. */
export { fakeTrpcServer } from '../../test/fake-trpc-server';

export { renderSignedIn, USER_ID } from '../../test/render-signed-in';

export function spaceContent(overrides: Partial<SpaceContent> = {}): SpaceContent {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'Cell Biology',
    description: 'How cells work.',
    tags: ['Biology'],
    visibility: 'public',
    isOwner: true,
    hasGeneratedDescription: true,
    membershipId: null,
    role: 'owner',
    directoryId: 'course-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    ownerName: 'Olivia Owner',
    files: [
      { fileId: 'file-1', file: { name: 'Mitosis.pdf', extension: 'pdf' }, isVisible: true },
      { fileId: 'file-2', file: { name: 'Meiosis.pdf', extension: 'pdf' }, isVisible: true },
    ],
    memberCount: 2,
    access: { canStudy: true, canJoin: false, canAcceptInvitation: false, canEditFiles: true, canManage: true, canLeave: false },
    invitationId: null,
    ...overrides,
  };
}

/** A member of the course in Share Settings' list; `isInvited` when they came by an invitation. */
export function memberEntry(id: string, isInvited: boolean): MemberEntry {
  return {
    id,
    userId: `user-${id}`,
    name: `Member ${id}`,
    username: null,
    email: `${id}@example.com`,
    image: null,
    role: 'viewer',
    isInvited,
    joinedAt: '2026-01-03T00:00:00.000Z',
  };
}

/** Share Settings open on `space` (spaceContent() unless given), signed in, its lists answered by the fake endpoint. */
export function openShareDialog(
  options: { space?: SpaceContent; invitations?: InvitationEntry[]; members?: MemberEntry[]; handlers?: Handlers; tab?: ShareTab; autoGenerate?: boolean } = {},
) {
  const space = options.space ?? spaceContent();
  const server = fakeTrpcServer({
    'spaces.getSpaceContent': () => ({ data: space }),
    'spaces.getInvitations': () => ({ data: options.invitations ?? [] }),
    'spaces.getMembers': () => ({ data: options.members ?? [] }),
    ...options.handlers,
  });
  const view = renderSignedIn(
    <ShareCourseDialog spaceId={space.id} open onOpenChange={() => undefined} initialTab={options.tab} autoGenerate={options.autoGenerate} />,
  );
  return { server, space, ...view };
}

/**
 * Holds the answers to `procedure` until `release()` is called, so a test can look at the page while a call is on its
 * way. Install after fakeTrpcServer: it wraps the fetch that one stubbed.
 */
export function holdCalls(procedure: string) {
  const stubbed = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(procedure)) await gate;
    return stubbed(input, init);
  };
  return { release: () => release() };
}

/** The header's Share button with the Share flow the app layout mounts beside it, as the app has them. */
export function ShareButtonAndFlow({ target }: { target: ShareTarget | null }) {
  return (
    <>
      <ShareCourseButton target={target} />
      <ShareCourseFlow />
    </>
  );
}
