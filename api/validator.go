package api

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/go-playground/validator/v10"
)

// newValidator returns the one validator the API uses, reporting fields by
// their JSON names.
func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	return v
}

// validationProblem turns validator errors into a 400 invalid_request that
// lists each bad field.
func validationProblem(err error) *problem {
	var ves validator.ValidationErrors
	if !errors.As(err, &ves) {
		return newProblem(http.StatusBadRequest, codeInvalidRequest, err.Error())
	}
	p := newProblem(http.StatusBadRequest, codeInvalidRequest, "")
	msgs := make([]string, 0, len(ves))
	for _, fe := range ves {
		e := fieldError{Field: fe.Field(), Message: fieldMessage(fe)}
		p.Errors = append(p.Errors, e)
		msgs = append(msgs, e.Field+" "+e.Message)
	}
	p.Detail = strings.Join(msgs, "; ")
	return p
}

// fieldMessage says what is wrong with one field, for a client author.
func fieldMessage(fe validator.FieldError) string {
	param := fe.Param()
	plural := fe.Kind() == reflect.Slice || fe.Kind() == reflect.Array
	switch fe.Tag() {
	case "required":
		return "is required"
	case "required_without":
		return fmt.Sprintf("is required when %s is absent (give exactly one of them)", strings.ToLower(param))
	case "required_without_all":
		return fmt.Sprintf("is required when %s are absent (give exactly one of them)", fieldList(param, "and"))
	case "excluded_with":
		return fmt.Sprintf("cannot be given together with %s", fieldList(param, "or"))
	case "min":
		if plural {
			return "must have at least " + param + " items"
		}
		if fe.Kind() == reflect.String {
			return "must be at least " + param + " characters long"
		}
		return "must be at least " + param
	case "max":
		if plural {
			return "must have at most " + param + " items"
		}
		if fe.Kind() == reflect.String {
			return "must be at most " + param + " characters long"
		}
		return "must be at most " + param
	case "oneof":
		return "must be one of " + strings.Join(strings.Fields(param), ", ")
	}
	return "is invalid (" + fe.Tag() + ")"
}

// fieldList writes a tag's parameter, struct field names, as JSON names:
// "Grid FPuzzles" → "grid and fpuzzles".
func fieldList(param, conj string) string {
	names := strings.Fields(strings.ToLower(param))
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}
