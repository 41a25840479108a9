import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  SHARED_COURSES_REFETCH_MS,
  type CourseSubjectFilter,
  type DirectoryShared,
  type GeneratedDescription,
  type InvitationEntry,
  type MemberEntry,
  type MyInvitation,
  type PublicCourse,
  type Role,
  type SharedContext,
  type SharedCourseWithFiles,
  type SpaceContent,
  type UserSpaces,
  type Visibility,
} from '../../shared/sharing';
import { useTRPCClient } from './trpc';

/**
 * The shared courses' data layer, used by the sharing feature, the sidebar and the header: the `spaces.*` procedures
 * (spec §7 and DESIGN §4) with the shapes of src/shared/sharing.ts. Components use the hooks below, never the tRPC
 * client directly, so this is the one place that knows how the server is reached.
 */
interface Query<Input, Output> {
  query: (input: Input) => Promise<Output>;
}
interface Mutation<Input, Output> {
  mutate: (input: Input) => Promise<Output>;
}

export type UpdateSpaceInput = { id: string; uuid: string } & ({ description: string; tags: string[] } | { visibility: Visibility; confirm?: string });

export interface SpacesClient {
  getSharedContext: Query<{ uuid: string; id: string }, SharedContext>;
  getUserSpaces: Query<void, UserSpaces>;
  getAllSharedCoursesWithFiles: Query<void, SharedCourseWithFiles[]>;
  getSpaceContent: Query<{ spaceId: string }, SpaceContent>;
  getSpaceByUuid: Query<{ uuid: string }, SpaceContent>;
  getInvitations: Query<{ spaceId: string }, InvitationEntry[]>;
  getMembers: Query<{ spaceId: string }, MemberEntry[]>;
  isDirectoryShared: Query<{ directoryId: string }, DirectoryShared>;
  listPublicCourses: Query<{ search: string; subject: CourseSubjectFilter }, PublicCourse[]>;
  getMyInvitations: Query<void, MyInvitation[]>;
  createSpace: Mutation<{ name: string; description: string; visibility: Visibility; directoryId: string }, { id: string; uuid: string }>;
  updateSpace: Mutation<UpdateSpaceInput, { visibility: Visibility }>;
  generateDescriptionAndTags: Mutation<{ spaceId: string; userId: string; onlyDescription: boolean }, GeneratedDescription>;
  addMember: Mutation<{ spaceId: string; uuid: string; email: string; role: Role }, unknown>;
  removeMember: Mutation<{ spaceId: string; memberId: string }, unknown>;
  toggleContentVisibility: Mutation<{ spaceId: string; uuid: string; fileId: string; isVisible: boolean }, unknown>;
  acceptInvitation: Mutation<{ invitationId: string }, unknown>;
  joinPublicSpace: Mutation<{ uuid: string }, unknown>;
  leaveSpace: Mutation<{ spaceId: string }, unknown>;
}

export function useSpacesClient(): SpacesClient {
  // The typed router answers these shapes: the assignment checks it.
  const spaces: SpacesClient = useTRPCClient().spaces;
  return spaces;
}

/** Every sharing query's key starts with this, so one invalidation refreshes them all after a change. */
export const SPACES_KEY = ['spaces'] as const;
export const spacesQueryKey = (procedure: keyof SpacesClient, input?: unknown): QueryKey => [...SPACES_KEY, procedure, input ?? null];
const key = spacesQueryKey;

export function useSharedContext(context: { uuid?: string; id?: string }) {
  const spaces = useSpacesClient();
  const { uuid, id } = context;
  return useQuery({
    queryKey: key('getSharedContext', { uuid, id }),
    queryFn: () => spaces.getSharedContext.query({ uuid: uuid ?? '', id: id ?? '' }),
    enabled: Boolean(uuid && id),
  });
}

const live = { refetchInterval: SHARED_COURSES_REFETCH_MS, refetchOnWindowFocus: true } as const;

export function useUserSpaces() {
  const spaces = useSpacesClient();
  return useQuery({ queryKey: key('getUserSpaces'), queryFn: () => spaces.getUserSpaces.query(), ...live });
}

export function useSharedCoursesWithFiles() {
  const spaces = useSpacesClient();
  return useQuery({ queryKey: key('getAllSharedCoursesWithFiles'), queryFn: () => spaces.getAllSharedCoursesWithFiles.query(), ...live });
}

export function useMyInvitations() {
  const spaces = useSpacesClient();
  return useQuery({ queryKey: key('getMyInvitations'), queryFn: () => spaces.getMyInvitations.query(), ...live });
}

export function useSpaceContent(spaceId: string | null) {
  const spaces = useSpacesClient();
  return useQuery({
    queryKey: key('getSpaceContent', { spaceId }),
    queryFn: () => spaces.getSpaceContent.query({ spaceId: spaceId ?? '' }),
    enabled: spaceId !== null,
  });
}

export const spaceContentKey = (spaceId: string) => key('getSpaceContent', { spaceId });

export function useSpaceByUuid(uuid: string) {
  const spaces = useSpacesClient();
  return useQuery({ queryKey: key('getSpaceByUuid', { uuid }), queryFn: () => spaces.getSpaceByUuid.query({ uuid }) });
}

/** Members and invitations are fetched only for the owner (spec §6). */
export function useInvitations(spaceId: string, isOwner: boolean) {
  const spaces = useSpacesClient();
  return useQuery({ queryKey: key('getInvitations', { spaceId }), queryFn: () => spaces.getInvitations.query({ spaceId }), enabled: isOwner });
}

export function useMembers(spaceId: string, isOwner: boolean) {
  const spaces = useSpacesClient();
  return useQuery({ queryKey: key('getMembers', { spaceId }), queryFn: () => spaces.getMembers.query({ spaceId }), enabled: isOwner });
}

export function usePublicCourses(search: string, subject: CourseSubjectFilter) {
  const spaces = useSpacesClient();
  return useQuery({
    queryKey: key('listPublicCourses', { search, subject }),
    queryFn: () => spaces.listPublicCourses.query({ search, subject }),
    placeholderData: (previous) => previous,
  });
}

/** A mutation of the spaces router; every sharing query is refreshed once it settles. */
export function useSpacesMutation<Name extends keyof SpacesClient>(
  name: Name,
  options: { refresh?: boolean } = {},
) {
  const spaces = useSpacesClient();
  const queryClient = useQueryClient();
  type Procedure = SpacesClient[Name];
  type Input = Procedure extends Mutation<infer I, unknown> ? I : never;
  type Output = Procedure extends Mutation<never, infer O> ? O : never;
  return useMutation<Output, Error, Input>({
    // TypeScript cannot narrow the union of procedures by `name`; Input and Output are derived from the same entry.
    mutationFn: (input) => (spaces[name] as unknown as Mutation<Input, Output>).mutate(input),
    onSettled: () => (options.refresh === false ? undefined : queryClient.invalidateQueries({ queryKey: SPACES_KEY })),
  });
}
