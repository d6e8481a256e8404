#ifndef GALLEY_CCMARKCHARACTERS_H
#define GALLEY_CCMARKCHARACTERS_H

#include <stdbool.h>

/// Whether cmark-gfm's extension characters are switched on for good in this process, so that
/// parsers may finish (and parse their inlines) on several threads at once.
///
/// cmark-gfm keeps the characters that start an extension's inline syntax (`~` for
/// strikethrough, `:` and `w` for autolinks) in one table for the whole process, and each parser
/// switches its extensions' characters on before it parses inlines and off after: two parsers at
/// once, and one switches them off under the other. This file defines the library's
/// `cmark_manage_extensions_special_characters`, which the library calls through its own
/// exported symbol: the program's definition wins, switches the characters on once and never
/// off. False until a parser has finished through it, and false for good where the library
/// binds that call to itself; then parsers must finish one at a time.
///
/// Sound only while every parser in the process attaches the same extensions, as
/// `MarkdownRenderer` does.
bool galley_cmark_characters_kept(void);

#endif
