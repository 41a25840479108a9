import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/**
 * "Trace Trees", a 14-page paper on trace-based compilation of a dynamic language, written for StudyPath's tests and
 * part of the repository under its licence: the paper the browser tests upload and study (summary, mind map, chat,
 * flashcards, lessons). Real running prose with numbered sections and definitions ("A trace tree is a …"), set as a
 * paper is: a title, an abstract, headings larger than the body, wrapped paragraphs, page numbers. Built with pdf-lib
 * at test time; nothing is read from outside the repository.
 */

/**
 * One block of a page: a section's heading, a smaller heading (the references: not the page's heading), or a paragraph
 * of running text, wrapped to the page's width.
 */
type Block = { heading: string; size?: number } | { paragraph: string };

interface PaperPage {
  /** The paper's title and authors, on the first page only. */
  title?: { text: string; byline: string };
  blocks: Block[];
}

const pageSize: [number, number] = [595, 842];
const margin = 64;
const bodySize = 11;
const headingSize = 14;
const titleSize = 18;

const h = (heading: string, size = headingSize): Block => ({ heading, size });
const p = (paragraph: string): Block => ({ paragraph });

export const TRACE_PAPER_TITLE = 'Trace Trees: Compiling the Hot Loops of a Dynamic Language';

const pages: PaperPage[] = [
  {
    title: { text: TRACE_PAPER_TITLE, byline: 'A study paper written for the StudyPath test suite' },
    blocks: [
      h('Abstract'),
      p(
        'Programs written in dynamically typed languages spend most of their running time in a small number of loops. ' +
          'This paper describes a compiler that finds those loops while the program runs, records the path that the ' +
          'program actually takes through each of them, and turns that path into fast machine code. The recorded path ' +
          'is called a trace. Because a trace records the types of the values it saw, the compiler can specialize the ' +
          'code for those types and remove most of the checks an interpreter performs on every operation. We organize ' +
          'the traces of one loop into a trace tree, which covers the common paths through the loop and the rare ones ' +
          'that branch away from them. On a suite of benchmarks the approach runs loop-heavy programs several times ' +
          'faster than a fast interpreter while keeping the compiler small and its pauses short.',
      ),
      h('1 Introduction'),
      p(
        'A dynamic language is a programming language in which the type of a variable is known only when the program ' +
          'runs. JavaScript, Python and Lua are dynamic languages. Their programs are easy to write and change, and they ' +
          'run everywhere, from web pages to servers. The price of this flexibility is speed: before an interpreter can ' +
          'add two values it must find out whether they are integers, floating-point numbers, strings or objects, and ' +
          'choose the right operation for each combination.',
      ),
      p(
        'An interpreter is a program that executes another program one instruction at a time, without translating it ' +
          'into machine code first. Interpreters start quickly and use little memory, but every instruction pays for ' +
          'decoding, dispatch and type checks. In a loop that runs a million times, the same checks are repeated a ' +
          'million times, although the answer is almost always the same.',
      ),
    ],
  },
  {
    blocks: [
      p(
        'A just-in-time compiler, or JIT compiler, is a compiler that translates parts of a program into machine code ' +
          'while the program is running. Most JIT compilers for dynamic languages compile whole methods: when a ' +
          'function has been called often enough, the compiler translates all of it. A method compiler must handle ' +
          'every path through the function, including paths that never run, and it must guess the types of values ' +
          'without having seen them. The resulting code is large, slow to produce and still full of checks.',
      ),
      p(
        'This paper follows a different idea. Instead of compiling methods, we compile the paths that the program ' +
          'takes through its hot loops. A hot loop is a loop that has run more than a fixed number of iterations, ' +
          'which makes it worth the cost of compiling. The compiler waits until a loop is hot, then watches one ' +
          'iteration of it and writes down every operation it executes, together with the types of the values ' +
          'involved. That record is a trace.',
      ),
      p(
        'Tracing has three advantages. First, the compiler only ever sees code that really runs, so it never wastes ' +
          'time on cold paths. Second, a trace has no control flow except its end, which jumps back to its start, so ' +
          'the compiler can use simple and fast algorithms. Third, the trace tells the compiler the types of all the ' +
          'values, which is exactly the information an interpreter lacks.',
      ),
      p(
        'The rest of the paper is organized as follows. Section 2 explains where the time of a dynamic language goes. ' +
          'Section 3 describes how traces are recorded and how guards keep them correct. Section 4 covers type ' +
          'specialization, Section 5 trace trees, and Section 6 nested trace trees for loops inside loops. Section 7 ' +
          'describes the trace compiler, Section 8 blacklisting, Section 9 the evaluation, Section 10 related work, ' +
          'and Section 11 concludes.',
      ),
    ],
  },
  {
    blocks: [
      h('2 The Cost of Dynamic Typing'),
      p(
        'To see why dynamic languages are slow, consider the statement that adds one to a counter. In a statically ' +
          'typed language the compiler knows that the counter is a 32-bit integer and emits a single machine ' +
          'instruction. An interpreter of a dynamic language must first load the counter from the variable table, ' +
          'read its type tag, check that it is a number, decide whether the number is an integer or a double, add ' +
          'one, check for overflow, box the result and store it back.',
      ),
      p(
        'A type tag is a small field stored with every value that says what kind of value it is. Tags make dynamic ' +
          'typing possible, but reading and comparing them costs time on every operation. Boxing is the act of ' +
          'storing a value in a heap-allocated object so that it can be handled like any other value. Boxing numbers ' +
          'puts pressure on the memory allocator and the garbage collector.',
      ),
      p(
        'Property access is even more expensive. An object in a dynamic language is a mapping from names to values ' +
          'that can grow and shrink at any time. Reading a property means looking up its name, possibly walking the ' +
          'chain of prototypes, and handling the case where the property is a getter function. A shape is a ' +
          'description of the layout of an object that is shared by all objects with the same properties in the same ' +
          'order. Shapes let a compiler replace a name lookup with a load from a fixed offset, provided it checks the ' +
          'shape first.',
      ),
      p(
        'Measurements on typical programs show that type checks, boxing and lookups account for most of the time an ' +
          'interpreter spends, and that the arithmetic itself is a small part of it. Any technique that removes the ' +
          'checks from hot code will therefore pay off, as long as it does not cost more to apply than it saves.',
      ),
    ],
  },
  {
    blocks: [
      h('3 Recording Traces'),
      p(
        'A trace is a linear sequence of operations that records one path through a loop, as the interpreter ' +
          'executed it. The component that decides when to record is the trace monitor. The trace monitor is the part ' +
          'of the virtual machine that counts how often each loop header is reached, starts recording when a loop ' +
          'becomes hot, and runs compiled traces when they exist.',
      ),
      p(
        'A loop header is the first instruction of a loop, the target of its backward jump. The interpreter calls the ' +
          'monitor every time it takes a backward jump. The monitor keeps a counter per loop header; when the counter ' +
          'passes a threshold, two iterations in our implementation, the monitor switches the interpreter into ' +
          'recording mode.',
      ),
      p(
        'In recording mode the interpreter executes the program as usual, but each operation also emits an ' +
          'instruction in a low-level intermediate representation. The recorder is the component that translates ' +
          'each interpreted operation into these instructions. It also notes the type of every value it reads. ' +
          'Recording ends when control returns to the loop header where it started, which closes the loop, or when ' +
          'something happens that the recorder cannot handle, such as an exception or a call into native code that ' +
          'it does not understand.',
      ),
      p(
        'Recording a trace is slower than plain interpretation, because every operation does its work twice. The ' +
          'cost is acceptable because a loop is recorded only once for each path and then runs as machine code for ' +
          'all remaining iterations. A trace that cannot be completed is thrown away, and the loop is interpreted as ' +
          'before.',
      ),
    ],
  },
  {
    blocks: [
      h('3.1 Guards and Side Exits'),
      p(
        'A trace records only one path, but the next iteration of the loop may take another one. A guard is a check ' +
          'inserted into a trace wherever the recorded path depended on a condition. If the recorded iteration took ' +
          'the true branch of an if statement, the trace contains a guard that the condition is true. If a value was ' +
          'an integer, the trace contains a guard that checks its type tag.',
      ),
      p(
        'When a guard fails at run time, the compiled code cannot continue, because the rest of the trace assumes a ' +
          'path that is not being taken. A side exit is the point at which execution leaves a compiled trace because ' +
          'one of its guards failed. At a side exit the compiled code writes the values it keeps in machine registers ' +
          'back into the interpreter frames and returns control to the interpreter, which continues from the ' +
          'corresponding instruction.',
      ),
      p(
        'An exit record is a small table stored with each side exit that says where every live value must be written ' +
          'back. Restoring the interpreter state at a side exit is therefore cheap: it copies a few values and jumps ' +
          'into the interpreter. The compiled trace itself never has to deal with the failed case, which keeps it ' +
          'short.',
      ),
      p(
        'Guards are what make traces correct. A trace compiled for integers still runs correctly when a value ' +
          'suddenly becomes a string: the type guard fails, the trace exits, and the interpreter handles the string. ' +
          'Correctness never depends on the assumptions of the recorder, only on the guards that check them.',
      ),
    ],
  },
  {
    blocks: [
      h('4 Type Specialization'),
      p(
        'Type specialization is the compilation of code for the particular types of values that were observed, ' +
          'instead of for every type a value might have. A trace is the natural unit of type specialization, because ' +
          'the recorder has seen the type of every value on it. Where the interpreter checks a tag before every ' +
          'addition, the specialized trace checks each tag once, at the top of the loop, and then uses plain machine ' +
          'arithmetic.',
      ),
      p(
        'Numbers illustrate the benefit best. Many dynamic languages have a single number type that is formally a ' +
          'double-precision floating-point number. Loop counters and array indices are nearly always small integers, ' +
          'however. The recorder notices when a number holds an integer value and records integer operations, ' +
          'guarded by an overflow check. An overflow guard is a guard that fails when an integer operation produces a ' +
          'result that does not fit in a machine word. If it fails, the side exit hands the value back to the ' +
          'interpreter as a double.',
      ),
      p(
        'Specialization also removes boxing. Inside a trace, values live in machine registers or in a native stack ' +
          'area in their raw form. An unboxed value is a value held directly in its machine representation, without ' +
          'a type tag or a heap object around it. Values are boxed again only when they leave the trace, at its end ' +
          'or at a side exit. A loop that adds up the elements of an array therefore allocates nothing at all while ' +
          'it runs.',
      ),
      p(
        'Property access benefits in the same way. The recorder notes the shape of every object whose property it ' +
          'reads, and the trace contains a shape guard followed by a load from a fixed offset. A shape guard is a ' +
          'guard that checks that an object still has the layout the trace was recorded with.',
      ),
    ],
  },
  {
    blocks: [
      h('5 Trace Trees'),
      p(
        'A loop with an if statement in its body has two paths, and a single trace covers only one of them. Each ' +
          'time the other path is taken, a guard fails and the iteration runs in the interpreter. If the other path ' +
          'is taken often, most of the benefit of compiling is lost.',
      ),
      p(
        'A trace tree is a tree of traces that all start at the same loop header: the first trace recorded for the ' +
          'loop forms its trunk, and traces recorded from its side exits form its branches. The trunk is the first ' +
          'trace recorded for a loop, the path that was hot when the loop first became hot. A branch trace is a trace ' +
          'that starts at a side exit of another trace and ends at the loop header.',
      ),
      p(
        'Branches are added lazily. Every side exit has a counter. When a side exit becomes hot, because its guard ' +
          'has failed often enough, the monitor records a new trace starting from that exit. The new trace follows ' +
          'the other path through the loop body until it reaches the loop header again, where it is attached to the ' +
          'tree. From then on the guard failure jumps straight into the branch trace instead of returning to the ' +
          'interpreter.',
      ),
      p(
        'Because every trace in a tree ends at the same loop header, the whole tree behaves like a compiled loop with ' +
          'all of its frequently taken paths. The tree is compiled as one unit, so values can stay in registers when ' +
          'control moves from the trunk into a branch. Cold paths are never compiled at all: their guards keep ' +
          'leading to the interpreter, which is the right choice for code that rarely runs.',
      ),
    ],
  },
  {
    blocks: [
      h('5.1 Type-Unstable Loops'),
      p(
        'A loop is type-stable when each of its variables has the same type at the start of every iteration. Most ' +
          'loops are type-stable, but not all. A type-unstable loop is a loop in which some variable enters one ' +
          'iteration with one type and leaves it with another, for example a variable that starts as an integer and ' +
          'becomes a double after a division.',
      ),
      p(
        'A trace that ends with a variable of a different type from the one it started with cannot simply jump back ' +
          'to its own start, because the code at the start expects the old type. We solve this by keying trace trees ' +
          'on types. A type map is the list of the types of all the variables that are live at a loop header when a ' +
          'trace starts. Every tree is recorded for one type map, and a trace may only jump to the start of a tree ' +
          'whose type map matches the types at its end.',
      ),
      p(
        'When a trace ends with a type map for which no tree exists yet, the monitor records a new tree for that ' +
          'type map, and the two trees are linked: the end of one jumps to the start of the other. A loop whose ' +
          'counter becomes a double after the first iteration thus gets two trees, one for the first iteration and ' +
          'one for all later ones, and both run as machine code.',
      ),
      p(
        'To keep the number of trees small, the recorder also checks whether a variable that was recorded as an ' +
          'integer always holds values that could be doubles. An oracle is a table that remembers variables whose ' +
          'integer guards have failed before, so that later recordings treat them as doubles from the start. The ' +
          'oracle turns most type-unstable loops into stable ones after a few recordings.',
      ),
    ],
  },
  {
    blocks: [
      h('6 Nested Trace Trees'),
      p(
        'Real programs contain loops inside loops. A naive tracer records the inner loop as part of the outer loop, ' +
          'which unrolls it and produces a new trace for every number of inner iterations. The trace tree would grow ' +
          'without bound and would have to be recorded again and again.',
      ),
      p(
        'A nested trace tree is a trace tree that calls the trace tree of an inner loop as a single operation, ' +
          'instead of recording the inner loop inline. The inner loop becomes hot first, because it runs more often, ' +
          'so its tree is compiled first. When the recorder of the outer loop reaches the header of the inner loop, it ' +
          'emits a call to the inner tree and continues recording after the inner loop has finished.',
      ),
      p(
        'The call passes the live values of the outer trace to the inner tree in a native stack area, and the inner ' +
          'tree returns through one of its exits. A loop exit is the side exit through which a trace tree leaves its ' +
          'loop in the normal way, when the loop condition becomes false. If the inner tree returns through its loop ' +
          'exit, the outer trace continues; if it returns through any other exit, the outer trace exits as well, and ' +
          'the interpreter takes over.',
      ),
      p(
        'Nesting keeps every tree small and lets each loop be compiled and optimized on its own. It also lets an ' +
          'inner tree be shared by several outer loops. In our benchmarks almost all programs with nested loops run ' +
          'entirely inside compiled trees once both loops are hot.',
      ),
    ],
  },
  {
    blocks: [
      h('7 The Trace Compiler'),
      p(
        'The recorder emits instructions in static single assignment form. Static single assignment form is an ' +
          'intermediate representation in which every variable is assigned exactly once, which makes it easy to see ' +
          'where each value comes from. Because a trace has no joins except its loop edge, building this form is ' +
          'trivial and needs none of the analysis a method compiler requires.',
      ),
      p(
        'The compiler optimizes the trace in a few linear passes. Constant folding is the optimization that computes ' +
          'operations on known constants at compile time. Common subexpression elimination is the optimization that ' +
          'reuses the result of an earlier identical computation instead of repeating it. Dead code elimination is ' +
          'the optimization that removes instructions whose results are never used. Guards that repeat an earlier ' +
          'guard on the same value are removed as well.',
      ),
      p(
        'Most passes run forward while the trace is being recorded, as a pipeline of filters that each instruction ' +
          'passes through before it is stored. Dead code elimination and register allocation run backward over the ' +
          'finished trace. Register allocation is the step that decides which values are kept in machine registers ' +
          'and which are kept in memory. On a linear trace a single backward pass gives good results.',
      ),
      p(
        'The whole compiler is small, and it compiles a typical trace in well under a millisecond. Short compile ' +
          'times matter for a just-in-time compiler, because the program is waiting while the compiler runs. A ' +
          'compiler that takes too long to compile a loop may lose more time than the compiled loop ever saves.',
      ),
    ],
  },
  {
    blocks: [
      h('8 Blacklisting'),
      p(
        'Not every loop can be traced. A loop may call a native function the recorder does not support, throw ' +
          'exceptions, or take a different path in every iteration, so that no trace ever closes. Recording such a ' +
          'loop again and again would make the program slower than plain interpretation.',
      ),
      p(
        'Blacklisting is the practice of marking a loop header so that the monitor stops trying to record traces ' +
          'for it. When recording at a loop header fails several times in a row, the monitor patches the header so ' +
          'that it no longer calls the monitor at all. The loop then runs in the interpreter with no tracing overhead. ' +
          'A blacklisted loop may be given another chance after a long time, because the behavior of a program can ' +
          'change as it runs.',
      ),
      p(
        'Trees can also become useless. A tree whose guards keep failing is a tree that was recorded for a path the ' +
          'program no longer takes. The monitor counts how often a tree is entered and how often it exits early; a ' +
          'tree that mostly exits early is thrown away, and the loop is recorded again. Flushing is the act of ' +
          'discarding all compiled code at once, which the monitor does when the code cache is full or when a global ' +
          'change, such as a new shape for a common object, makes many trees invalid.',
      ),
      p(
        'Together these rules bound the cost of tracing. In the worst case a program runs at the speed of the ' +
          'interpreter plus a small constant for counting; in the common case its hot loops run as specialized ' +
          'machine code.',
      ),
    ],
  },
  {
    blocks: [
      h('9 Evaluation'),
      p(
        'We evaluated the compiler on a suite of twenty-six benchmark programs covering bit operations, numeric ' +
          'code, string processing, regular expressions, three-dimensional graphics and cryptography. A benchmark is ' +
          'a program run under controlled conditions to measure the performance of a system. Each benchmark was run ' +
          'ten times, and we report the median.',
      ),
      p(
        'Compared with the interpreter alone, tracing made the suite run 2.5 times faster on average. Programs ' +
          'dominated by loops over numbers and arrays gained the most: bit operations ran up to 25 times faster, and ' +
          'the numeric benchmarks between 3 and 10 times faster. Programs dominated by string operations and regular ' +
          'expressions gained little, because their time is spent in native library code that tracing does not ' +
          'change.',
      ),
      p(
        'A few programs became slightly slower. Their loops take a different path in almost every iteration, so the ' +
          'trees keep growing and the monitor keeps recording. Blacklisting limits the damage: the slowest of them ran ' +
          'at 94 percent of the speed of the interpreter.',
      ),
      p(
        'Compile times were small. The median time to record and compile a trace was 0.3 milliseconds, and no ' +
          'benchmark spent more than 5 percent of its time in the recorder and compiler. The code cache never held ' +
          'more than a few hundred kilobytes of machine code. Trace coverage is the share of executed operations that ' +
          'run inside compiled traces; it was above 90 percent for the benchmarks that gained the most, and below 20 ' +
          'percent for those that gained the least, which confirms that the speedup comes from time spent in traces.',
      ),
    ],
  },
  {
    blocks: [
      h('10 Related Work'),
      p(
        'Dynamic binary optimizers were the first systems to compile traces. They observed running machine code, ' +
          'recorded hot paths and optimized them, and showed that a program spends most of its time on a few paths. ' +
          'Our recorder works on the instructions of a language interpreter instead of machine code, which gives it ' +
          'the types of values as well as the paths.',
      ),
      p(
        'Method-based compilers for dynamic languages use inline caches and type feedback. An inline cache is a small ' +
          'piece of code at a call or property access site that remembers the type seen last and jumps straight to ' +
          'the matching code. Type feedback is the use of types observed at run time to guide the optimization of ' +
          'later compilations. These techniques remove many checks, but a method compiler still has to compile cold ' +
          'paths and to merge type information where paths join.',
      ),
      p(
        'Later tracing compilers applied the idea to other languages and to meta-tracing. A meta-tracing compiler is ' +
          'a tracing compiler that traces the interpreter of a language rather than the program, so that one compiler ' +
          'serves every language written for it. Other work has combined tracing with a method compiler, using ' +
          'traces to find hot paths and a method compiler to produce the final code.',
      ),
      p(
        'Trace trees differ from these systems in how they organize traces: every trace ends at its loop header, the ' +
          'traces of a loop are kept and compiled together, and inner loops are called as trees of their own.',
      ),
    ],
  },
  {
    blocks: [
      h('11 Conclusions'),
      p(
        'Trace-based compilation gives a dynamic language the speed of compiled code where it matters, in its hot ' +
          'loops, without the cost of compiling the rest. Recording traces gives the compiler the types of values for ' +
          'free, so it can specialize code and remove type checks, boxing and lookups. Guards and side exits keep the ' +
          'specialized code correct, trace trees cover the frequent paths of a loop, type maps handle type-unstable ' +
          'loops, and nested trees handle loops inside loops.',
      ),
      p(
        'The compiler is small and fast, and it makes loop-heavy programs several times faster. Its weak point is ' +
          'code whose paths change all the time, where blacklisting keeps the loss small. Future work includes ' +
          'tracing through recursion and sharing compiled trees between programs.',
      ),
      h('References', bodySize + 1),
      p('[1] A dynamic optimization system that records hot paths of running machine code. Systems conference, 2000.'),
      p('[2] Inline caches and type feedback for a dynamically typed object-oriented language. Language design conference, 1994.'),
      p('[3] Trace-based just-in-time type specialization for dynamic languages. Programming language design conference, 2009.'),
      p('[4] Tracing the meta-level: a tracing compiler for interpreters of dynamic languages. Workshop on implementation, 2009.'),
    ],
  },
];

export const TRACE_PAPER_PAGES = pages.length;


/** `text` broken into lines that fit `width` in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** The paper as PDF bytes; throws if a page's text would run off the page (the page count is part of the fixture). */
export async function tracePaperPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(TRACE_PAPER_TITLE);
  const body = await document.embedFont(StandardFonts.TimesRoman);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const width = pageSize[0] - 2 * margin;
  pages.forEach((content, index) => {
    const page = document.addPage(pageSize);
    let y = pageSize[1] - margin;
    const line = (text: string, font: PDFFont, size: number) => {
      y -= size * 1.4;
      if (y < margin + 20) throw new Error(`Page ${index + 1} of the trace paper is too full`);
      page.drawText(text, { x: margin, y, size, font });
    };
    if (content.title) {
      for (const text of wrap(content.title.text, bold, titleSize, width)) line(text, bold, titleSize);
      line(content.title.byline, body, bodySize);
      y -= bodySize;
    }
    for (const block of content.blocks) {
      if ('heading' in block) {
        y -= 6;
        line(block.heading, bold, block.size ?? headingSize);
      } else {
        for (const text of wrap(block.paragraph, body, bodySize, width)) line(text, body, bodySize);
        y -= bodySize * 0.6;
      }
    }
    page.drawText(String(index + 1), { x: pageSize[0] / 2 - 4, y: margin / 2, size: 9, font: body });
  });
  return document.save();
}
