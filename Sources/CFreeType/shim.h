// FreeType's public API. The FT_*_H macros name the real headers, which move
// between releases. TrueType tables: FT_Load_Sfnt_Table, which HarfBuzz
// reads the font through.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
