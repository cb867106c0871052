#include "CCacheHints.h"

int cache_hints_on = 1;

void cache_hints_turn_off(void) { cache_hints_on = 0; }
